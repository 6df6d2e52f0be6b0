import type { Lodop } from '../src/lodop';

export type Call = [string, ...unknown[]];

/** A LODOP stand-in that records every call in order. */
export function recordingLodop(printers: string[] = ['Zebra ZD420', 'Microsoft Print to PDF']): Lodop & { calls: Call[] } {
  const calls: Call[] = [];
  const rec = (name: string) => (...args: unknown[]) => {
    calls.push([name, ...args]);
    return true;
  };
  return {
    calls,
    CVERSION: '6.6.0.1',
    VERSION: '6.6.0.1',
    PRINT_INITA: rec('PRINT_INITA'),
    SET_PRINT_PAGESIZE: rec('SET_PRINT_PAGESIZE'),
    SET_PRINTER_INDEX: rec('SET_PRINTER_INDEX'),
    SET_LICENSES: rec('SET_LICENSES'),
    ADD_PRINT_TEXT: rec('ADD_PRINT_TEXT'),
    ADD_PRINT_BARCODE: rec('ADD_PRINT_BARCODE'),
    ADD_PRINT_HTM: rec('ADD_PRINT_HTM'),
    ADD_PRINT_TABLE: rec('ADD_PRINT_TABLE'),
    ADD_PRINT_IMAGE: rec('ADD_PRINT_IMAGE'),
    SET_PRINT_STYLEA: rec('SET_PRINT_STYLEA'),
    NEWPAGE: rec('NEWPAGE'),
    NEWPAGEA: rec('NEWPAGEA'),
    PREVIEW: rec('PREVIEW'),
    PRINT: rec('PRINT'),
    GET_PRINTER_COUNT: () => printers.length,
    GET_PRINTER_NAME: (i: number | string) => printers[Number(i)] ?? '',
  };
}
