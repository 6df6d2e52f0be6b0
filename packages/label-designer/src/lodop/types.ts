/** The part of C-Lodop's LODOP/CLODOP object this package uses. Sizes are px numbers or unit strings. */
export type Size = number | string;

export interface Lodop {
  VERSION?: string;
  CVERSION?: string;
  webskt?: { readyState?: number } | null;
  PRINT_INITA(top: Size, left: Size, width: Size, height: Size, taskName: string): unknown;
  SET_PRINT_PAGESIZE(orient: number, pageWidth: Size, pageHeight: Size, pageName: string): unknown;
  SET_PRINTER_INDEX(indexOrName: number | string): unknown;
  SET_LICENSES(company: string, license: string, licenseA: string, licenseB: string): unknown;
  ADD_PRINT_TEXT(top: Size, left: Size, width: Size, height: Size, content: string): unknown;
  ADD_PRINT_BARCODE(top: Size, left: Size, width: Size, height: Size, codeType: string, value: string): unknown;
  ADD_PRINT_HTM(top: Size, left: Size, width: Size, height: Size, html: string): unknown;
  ADD_PRINT_TABLE(top: Size, left: Size, width: Size, height: Size, html: string): unknown;
  ADD_PRINT_IMAGE(top: Size, left: Size, width: Size, height: Size, html: string): unknown;
  SET_PRINT_STYLEA(item: number | string, key: string, value: string | number): unknown;
  NEWPAGE(): unknown;
  /** A new page after the last page the job has so far (an auto-height table may have added pages). */
  NEWPAGEA(): unknown;
  GET_PRINTER_COUNT(): number | string;
  GET_PRINTER_NAME(index: number | string): string;
  PREVIEW(): unknown;
  PRINT(): unknown;
}

/** The print licence; the host reads it from configuration — it never lives in code. */
export interface LodopLicence {
  companyName: string;
  license: string;
  licenseA?: string;
  licenseB?: string;
}
