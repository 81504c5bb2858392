import type * as Xlsx from '@e965/xlsx';
import type { CellObject, WorkSheet } from '@e965/xlsx';
import {
  dateColumns,
  HEADER_SEARCH_ROWS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  importColumns,
  type ImportKind,
  type ImportRowOutcome,
  zeroPaddedColumns,
} from './schemas/imports.ts';

/**
 * Reading an import spreadsheet and writing its errors.xlsx. The browser loads SheetJS on
 * demand and passes it in; the tests pass the same module, so both read a workbook the same way.
 */
type XlsxModule = typeof Xlsx;

export const workbookMsg = {
  soloXlsXlsx: 'Sono ammessi solo file .xls e .xlsx',
  troppoGrande: 'Il file supera i 10 MB',
  nonLeggibile: 'Il file non è un foglio di calcolo leggibile',
  troppeRighe: `Il file contiene più di ${IMPORT_MAX_ROWS.toLocaleString('it-IT')} righe`,
  nessunaRiga: 'Il file non contiene righe da importare',
  intestazioneMancante: (missing: string) =>
    `Intestazione non trovata nelle prime ${HEADER_SEARCH_ROWS} righe: mancano le colonne ${missing}`,
} as const;

/** One data row: its number in the sheet, the cells as a person reads them, and the record by field. */
export type SheetRow = { riga: number; cells: string[]; record: Record<string, string> };
export type ImportSheet = { kind: ImportKind; headers: string[]; rows: SheetRow[] };

/** The file's own kind, from its first bytes: .xlsx is a zip, the old .xls an OLE2 compound file. */
export function spreadsheetProblem(name: string, size: number, head: Uint8Array): string | undefined {
  if (!/\.xlsx?$/i.test(name)) return workbookMsg.soloXlsXlsx;
  if (size > IMPORT_MAX_BYTES) return workbookMsg.troppoGrande;
  const zip = [0x50, 0x4b, 0x03, 0x04];
  const ole2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
  const starts = (magic: number[]) => magic.every((b, i) => head[i] === b);
  return starts(zip) || starts(ole2) ? undefined : workbookMsg.nonLeggibile;
}

const norm = (text: string) => text.replace(/\s+/g, ' ').trim().toUpperCase();
const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * A cell as text, the way the sheet shows it: a date cell is its date (YYYY-MM-DD, from the serial number, so no
 * time zone can move it), a number of a code column keeps its leading zeros (CAP 184 in a 00000 cell, or a plain
 * number, is 00184), a whole number is all its digits (a phone number is never 3.33E+09), anything else its
 * formatted text.
 */
export function cellText(xlsx: XlsxModule, cell: CellObject | undefined, header: string): string {
  if (!cell || cell.v === undefined || cell.v === null) return '';
  if (cell.t === 'n' && typeof cell.v === 'number') {
    const format = typeof cell.z === 'string' ? cell.z : 'General';
    if (xlsx.SSF.is_date(format) || dateColumns.includes(header)) {
      const d = xlsx.SSF.parse_date_code(cell.v);
      if (d && d.y > 0) return `${d.y}-${pad2(d.m)}-${pad2(d.d)}`;
    }
    const width = zeroPaddedColumns[header];
    if (Number.isInteger(cell.v)) {
      const digits = String(cell.v);
      return width ? digits.padStart(width, '0') : format === 'General' ? digits : (cell.w ?? digits);
    }
  }
  if (cell.t === 'd' && cell.v instanceof Date) {
    const d = cell.v;
    return `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
  }
  if (cell.t === 'b') return cell.v ? 'VERO' : 'FALSO';
  return String(cell.w ?? cell.v).trim();
}

/** The kind of file whose headers all appear in this row, with each mapped header's column. */
function headerMatch(
  texts: string[],
): { kind: ImportKind; columns: Map<string, number> } | { missing: string[]; found: number } {
  let closest: { missing: string[]; found: number } | undefined;
  for (const kind of ['posatori', 'azienda'] as const) {
    const columns = new Map<string, number>();
    const missing: string[] = [];
    for (const [, header] of importColumns[kind]) {
      const at = texts.findIndex((t) => norm(t) === norm(header));
      if (at < 0) missing.push(header);
      else columns.set(header, at);
    }
    if (missing.length === 0) return { kind, columns };
    // The kind whose headers the row holds most of is the one the person meant: name what it lacks.
    if (!closest || columns.size > closest.found) closest = { missing, found: columns.size };
  }
  return closest ?? { missing: [], found: 0 };
}

/**
 * The first sheet's rows: the header row is searched within the first 10 rows and must hold every column of the
 * installer or the company record; the rows below it, blank ones left out, become records.
 */
export function readImportSheet(xlsx: XlsxModule, data: ArrayBuffer | Uint8Array): ImportSheet | { problem: string } {
  let sheet: WorkSheet | undefined;
  try {
    const book = xlsx.read(data, { type: 'array', cellNF: true, cellDates: false, dense: false });
    const name = book.SheetNames[0];
    sheet = name ? book.Sheets[name] : undefined;
  } catch {
    return { problem: workbookMsg.nonLeggibile };
  }
  if (!sheet?.['!ref']) return { problem: workbookMsg.nessunaRiga };
  const range = xlsx.utils.decode_range(sheet['!ref']);
  const width = range.e.c - range.s.c + 1;
  const at = (r: number, c: number): CellObject | undefined => sheet[xlsx.utils.encode_cell({ r, c: range.s.c + c })];
  const rawRow = (r: number) => Array.from({ length: width }, (_, c) => cellText(xlsx, at(r, c), ''));

  let found: { kind: ImportKind; columns: Map<string, number>; row: number } | undefined;
  let closest: { missing: string[]; found: number } | undefined;
  for (let r = range.s.r; r <= Math.min(range.e.r, range.s.r + HEADER_SEARCH_ROWS - 1); r++) {
    const match = headerMatch(rawRow(r));
    if ('kind' in match) {
      found = { ...match, row: r };
      break;
    }
    if (!closest || match.found > closest.found) closest = match;
  }
  if (!found) return { problem: workbookMsg.intestazioneMancante((closest?.missing ?? []).join(', ')) };
  if (range.e.r - found.row > IMPORT_MAX_ROWS + 1000) return { problem: workbookMsg.troppeRighe };

  const headers = rawRow(found.row);
  const fields = importColumns[found.kind];
  const canonical = headers.map((h) => headerOf(fields, h));
  const rows: SheetRow[] = [];
  for (let r = found.row + 1; r <= range.e.r; r++) {
    const cells = canonical.map((h, c) => cellText(xlsx, at(r, c), h));
    if (cells.every((c) => c === '')) continue;
    const record: Record<string, string> = {};
    for (const [field, header] of fields) {
      const c = found.columns.get(header);
      record[field] = c === undefined ? '' : (cells[c] ?? '');
    }
    rows.push({ riga: r + 1, cells, record });
  }
  if (rows.length > IMPORT_MAX_ROWS) return { problem: workbookMsg.troppeRighe };
  if (rows.length === 0) return { problem: workbookMsg.nessunaRiga };
  return { kind: found.kind, headers, rows };
}

/** A header cell as the record names it (ContactID for ' contactid '), for the code and date columns' rules. */
function headerOf(fields: readonly (readonly [string, string])[], text: string): string {
  return fields.find(([, h]) => norm(h) === norm(text))?.[1] ?? text;
}

/** The sheet's column names a row's reason blames, its error group: 'CAP: ...; PROVINCIA: ...' is CAP + PROVINCIA. */
const groupOf = (motivo: string) =>
  motivo
    .split('; ')
    .map((part) => part.split(': ')[0] ?? '')
    .join(' + ');

export const REASON_HEADER = 'MOTIVO DELLO SCARTO';

/**
 * errors.xlsx: one sheet 'Errori N' per error group (the columns at fault), each with the file's
 * own headers, the refused rows as they were, and the reason in Italian in a last column.
 */
export function errorsWorkbook(xlsx: XlsxModule, sheet: ImportSheet, outcomes: readonly ImportRowOutcome[]) {
  const byRiga = new Map(sheet.rows.map((r) => [r.riga, r]));
  const groups = new Map<string, string[][]>();
  for (const o of outcomes) {
    const row = byRiga.get(o.riga);
    if (o.esito !== 'errore' || !row) continue;
    const key = groupOf(o.motivo);
    const rows = groups.get(key) ?? [];
    rows.push([...row.cells, o.motivo]);
    groups.set(key, rows);
  }
  const book = xlsx.utils.book_new();
  [...groups.values()].forEach((rows, i) => {
    const ws = xlsx.utils.aoa_to_sheet([[...sheet.headers, REASON_HEADER], ...rows]);
    ws['!cols'] = [...sheet.headers, REASON_HEADER].map((h, c) => ({
      wch: Math.min(60, Math.max(h.length, ...rows.map((r) => (r[c] ?? '').length)) + 2),
    }));
    xlsx.utils.book_append_sheet(book, ws, `Errori ${i + 1}`);
  });
  return book;
}
