import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { todayInRome } from './clock.ts';
import { contentDisposition } from './content-disposition.ts';

/**
 * Spreadsheet exports (architecture rule 6): one column map per export drives the header, the cell type and the
 * width; rows are written as they are read, so memory stays flat whatever the size.
 * - text: written as a text cell with the text format '@', so '=1+1' or '+39 02 1234' stays what it is, and
 *   editing the cell in Excel later does not turn it into a formula either;
 * - date (YYYY-MM-DD) and month (YYYY-MM-01): real dates, shown dd/mm/yyyy and mm/yyyy;
 * - money: euros as numbers with two decimals and the euro sign; int: whole numbers.
 */
export type CellType = 'text' | 'date' | 'month' | 'money' | 'int';
export type ExportColumn<R> = { header: string; width: number; type: CellType; value: (row: R) => string | number };

const formats: Record<CellType, string> = {
  text: '@',
  date: 'dd/mm/yyyy',
  month: 'mm/yyyy',
  money: '#,##0.00 "€"',
  int: '0',
};

function cellValue(type: CellType, value: string | number): string | number | Date | null {
  if (type === 'text') return String(value);
  if (type === 'date' || type === 'month') {
    const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(String(value));
    // UTC midnight: ExcelJS writes the date as that day whatever the server's time zone.
    return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  }
  return typeof value === 'number' ? value : Number(value) || 0;
}

/** The file name of an export: the report's name and today's date, 'posatori-2026-11-25.xlsx'. */
export const exportFileName = (report: string, today: string) => `${report}-${today}.xlsx`;

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** One sheet of a workbook, bound to its rows' type; made by sheetOf. */
export type Sheet = { add(workbook: ExcelJS.stream.xlsx.WorkbookWriter): Promise<void> };

/**
 * A sheet: the header row frozen and bold, the columns' widths and formats, then every row the pages give (an async
 * iterable of arrays, read one page at a time, when the workbook is written).
 */
export function sheetOf<R>(
  name: string,
  columns: readonly ExportColumn<R>[],
  pages: AsyncIterable<readonly R[]>,
): Sheet {
  return {
    async add(workbook) {
      const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
      sheet.columns = columns.map((c, i) => ({ key: String(i), width: c.width, style: { numFmt: formats[c.type] } }));
      const header = sheet.addRow(columns.map((c) => c.header));
      // The header is text whatever its column's format (a date column's header is no date).
      header.eachCell((c) => {
        c.style = { font: { bold: true }, numFmt: '@' };
      });
      header.commit();
      for await (const page of pages) {
        for (const row of page) {
          sheet.addRow(columns.map((c) => cellValue(c.type, c.value(row)))).commit();
        }
      }
      sheet.commit();
    },
  };
}

/** Rows already in memory (a few hundred figures) as the one page of a sheet. */
export async function* onePage<R>(rows: readonly R[]): AsyncGenerator<readonly R[]> {
  await Promise.resolve();
  yield rows;
}

/** Writes the sheets to `out`, one after the other, streaming their rows. */
export async function writeXlsx(out: Writable, sheets: readonly Sheet[]): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  for (const sheet of sheets) await sheet.add(workbook);
  await workbook.commit();
}

/**
 * Streams a workbook as the reply: headers first, then rows as they are read. A failure before the first byte is
 * the usual error reply (the rows are only read once the checks passed); one while writing ends the download,
 * which the browser reports as failed, and is logged.
 */
export function sendWorkbook(
  request: FastifyRequest,
  reply: FastifyReply,
  report: string,
  sheets: readonly Sheet[],
): FastifyReply {
  const out = new PassThrough();
  writeXlsx(out, sheets).catch((err: unknown) => {
    request.log.error({ err }, `export ${report} interrotto`);
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', contentDisposition(exportFileName(report, todayInRome()), 'attachment'))
    .header('cache-control', 'private, no-store')
    .send(out);
}
