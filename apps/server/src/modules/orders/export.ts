import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';

export interface SheetColumn<T> {
  header: string;
  width: number;
  value: (row: T) => string | number | null;
}

/**
 * Streams rows into an .xlsx (exceljs streaming writer): the returned stream can be sent as the
 * reply at once; rows are written as they come.
 */
export function xlsxStream<T>(sheetName: string, columns: SheetColumn<T>[], rows: AsyncIterable<T>): PassThrough {
  const out = new PassThrough();
  void (async () => {
    try {
      // exceljs costs ~0.5 s to load: only an export pays for it, not every server start
      const { default: ExcelJS } = await import('exceljs');
      const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
      const ws = wb.addWorksheet(sheetName);
      ws.columns = columns.map((c) => ({ header: c.header, width: c.width }));
      ws.getRow(1).font = { bold: true };
      for await (const row of rows) ws.addRow(columns.map((c) => c.value(row))).commit();
      ws.commit();
      await wb.commit();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}

export function xlsxFileName(prefix: string, now: Date): string {
  const t = new Date(now.getTime() + 8 * 3600_000).toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `${prefix}-${t}.xlsx`;
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Answers with an .xlsx download, never cached: named `<prefix>-<China time>.xlsx` (UTF-8), or
 * `fallbackName` where a client does not read UTF-8 file names.
 */
export function sendXlsx(reply: FastifyReply, stream: PassThrough, file: { prefix: string; fallbackName: string; now: Date }): FastifyReply {
  return reply
    .header('content-type', XLSX_MIME)
    .header('content-disposition', `attachment; filename="${file.fallbackName}"; filename*=UTF-8''${encodeURIComponent(xlsxFileName(file.prefix, file.now))}`)
    .header('cache-control', 'no-store')
    .send(stream);
}

/** Yuan with two decimals from fen, for sheets. */
export const yuanNumber = (fen: number | null): number | null => (fen === null ? null : Math.round(fen) / 100);
