import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';

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

/**
 * Writes one sheet to `out`: the header row frozen and bold, the columns' widths and formats, then every row the
 * pages give (an async iterable of arrays, read one page at a time).
 */
export async function writeXlsx<R>(
  out: Writable,
  sheetName: string,
  columns: readonly ExportColumn<R>[],
  pages: AsyncIterable<readonly R[]>,
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
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
  await workbook.commit();
}
