import { fenToYuan, inChina } from '@gemqc/contract';
import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';

export interface SheetColumn<T> {
  header: string;
  width: number;
  value: (row: T) => string | number | null;
}

/**
 * A cell's text as data, never a formula: text a user typed (a buyer name, a remark) that starts
 * like a formula (= + - @, tab, CR) gets a leading ' so a spreadsheet shows it instead of running
 * it when the cell is edited or the sheet is saved as CSV (OWASP "CSV injection"). Numbers stay numbers.
 */
export function asText(v: string | number | null): string | number | null {
  return typeof v === 'string' && /^[=+@\t\r]|^-./.test(v) ? `'${v}` : v;
}

/**
 * Builds the whole .xlsx (exceljs streaming writer, no shared strings) before anything is sent: a
 * query that fails half-way answers the error envelope, never a 200 with a cut-off file, and the
 * download carries its Content-Length. Exports are bounded (at most 10000 rows or one period).
 */
export async function xlsxFile<T>(sheetName: string, columns: SheetColumn<T>[], rows: AsyncIterable<T>): Promise<Buffer> {
  // exceljs costs ~0.5 s to load: only an export pays for it, not every server start
  const { default: ExcelJS } = await import('exceljs');
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    out.once('end', resolve);
    out.once('error', reject);
  });
  try {
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const ws = wb.addWorksheet(sheetName);
    ws.columns = columns.map((c) => ({ header: c.header, width: c.width }));
    ws.getRow(1).font = { bold: true };
    for await (const row of rows) ws.addRow(columns.map((c) => asText(c.value(row)))).commit();
    ws.commit();
    await wb.commit();
    await ended;
  } catch (err) {
    out.destroy();
    throw err;
  }
  return Buffer.concat(chunks);
}

export function xlsxFileName(prefix: string, now: Date): string {
  const t = inChina(now).format('YYYYMMDDHHmmss');
  return `${prefix}-${t}.xlsx`;
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Answers with an .xlsx download, never cached: named `<prefix>-<China time>.xlsx` (UTF-8), or
 * `fallbackName` where a client does not read UTF-8 file names.
 */
export function sendXlsx(reply: FastifyReply, xlsx: Buffer, file: { prefix: string; fallbackName: string; now: Date }): FastifyReply {
  return reply
    .header('content-type', XLSX_MIME)
    .header('content-disposition', `attachment; filename="${file.fallbackName}"; filename*=UTF-8''${encodeURIComponent(xlsxFileName(file.prefix, file.now))}`)
    .header('cache-control', 'no-store')
    .send(xlsx);
}

/** Yuan with two decimals from fen, for sheets. */
export const yuanNumber = (fen: number | null): number | null => (fen === null ? null : fenToYuan(fen));
