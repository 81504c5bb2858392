import { performance } from 'node:perf_hooks';
import * as XLSX from '@e965/xlsx';
import { readImportSheet } from '@portal/shared/import-workbook';
import { IMPORT_BATCH_MAX, installerColumns, type ImportBatchReply } from '@portal/shared/schemas/imports';
import { codiceFiscaleCheckChar } from '@portal/shared/validation/codice-fiscale';

/**
 * The import wizard at its limit: 10,000 valid installer rows end to end — the workbook read as
 * the browser reads it, sent in batches, stored with their coupons — in at most 5 s; and the per-row call of spec
 * section 7 at least 300 rows a second.
 */

const CONSONANTS = 'BCDFGHLMNPQRSTVZ';

/** n installer records with valid, distinct tax codes: `run` (3 letters) keeps each bench run's people apart. */
export function installerRecords(run: string, n: number, from = 0): Record<string, string>[] {
  return Array.from({ length: n }, (_, k) => {
    const i = from + k;
    const letters = [0, 1, 2].map((p) => CONSONANTS[Math.floor(i / 16 ** p) % 16]).join('');
    // 4,096 name codes a birth year, years 1940-1999: 245,760 distinct people a run.
    const year = String(40 + (Math.floor(i / 4096) % 60));
    const first15 = `${run}${letters}${year}A01H501`;
    return {
      codfis: `${first15}${codiceFiscaleCheckChar(first15)}`,
      lastname: `Bench${letters}`,
      name: 'Importato',
      email: `${run.toLowerCase()}${i}@bench.example.it`,
      cell: '3331234567',
      dtnasc: '1980-01-01',
      ragsocaz: 'Bench Posa S.r.l.',
      address: 'Via del Bench 1',
      city: 'Roma',
      state: 'RM',
      cap: '00184',
      regione: 'Lazio',
      phone: '',
      website: '',
      piva: '',
      rivenditore: '',
      capoarea: '',
    };
  });
}

/** A run's three letters, different each time so a bench run never finds the previous run's people. */
export const runLetters = () =>
  Array.from({ length: 3 }, () => CONSONANTS[Math.floor(Math.random() * 16)]).join('') as string;

/** The records as an .xlsx the wizard would be given: the spec's headers, CAP and dates as text. */
function workbookOf(records: Record<string, string>[]): Uint8Array {
  const rows = [installerColumns.map(([, h]) => h), ...records.map((r) => installerColumns.map(([f]) => r[f] ?? ''))];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Posatori');
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
}

export type ImportMeasure = {
  rows: number;
  import: string;
  readMs: number;
  totalMs: number;
  rowsPerSecond: number;
  coupon: number;
  perRow: { rows: number; ms: number; rowsPerSecond: number; concurrency: number };
};

async function post<T>(base: string, cookie: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The wizard's whole path for `rows` rows, then `perRowCount` rows through the per-row call. */
export async function measureImport(
  base: string,
  cookie: string,
  opts: { rows: number; perRowCount: number; couponType: string },
): Promise<ImportMeasure> {
  const run = runLetters();
  const bytes = workbookOf(installerRecords(run, opts.rows));
  const start = performance.now();
  const sheet = readImportSheet(XLSX, bytes);
  if ('problem' in sheet) throw new Error(sheet.problem);
  const readMs = performance.now() - start;
  const { id } = await post<{ id: string }>(base, cookie, '/api/imports', {
    tipo: sheet.kind,
    file: 'bench.xlsx',
    righe: sheet.rows.length,
    impcoupon: opts.couponType,
  });
  let last: ImportBatchReply | undefined;
  for (let i = 0; i < sheet.rows.length; i += IMPORT_BATCH_MAX) {
    const righe = sheet.rows.slice(i, i + IMPORT_BATCH_MAX).map(({ riga, record }) => ({ riga, record }));
    last = await post<ImportBatchReply>(base, cookie, `/api/imports/${id}/righe`, { righe });
  }
  const totalMs = performance.now() - start;
  if (!last || last.import.nuovi !== opts.rows) throw new Error(`import: ${last?.import.nuovi} nuovi su ${opts.rows}`);

  // The per-row call, as a client sending a few rows at a time.
  const concurrency = 4;
  const singles = installerRecords(run, opts.perRowCount, opts.rows);
  const perRowStart = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < singles.length) {
        const record = singles[next++];
        await post(base, cookie, '/api/imports/posatori', { ...record, impid: id });
      }
    }),
  );
  const perRowMs = performance.now() - perRowStart;
  return {
    rows: opts.rows,
    import: id,
    readMs,
    totalMs,
    rowsPerSecond: opts.rows / (totalMs / 1000),
    coupon: last.import.coupon,
    perRow: { rows: singles.length, ms: perRowMs, rowsPerSecond: singles.length / (perRowMs / 1000), concurrency },
  };
}
