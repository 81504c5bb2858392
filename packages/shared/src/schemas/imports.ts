import { z } from 'zod';
import { formRefusal } from './errors.ts';
import { monthOrEmpty, uuidOrEmpty } from './fields.ts';
import { pagedReply, pagingQuery } from './paging.ts';
import { posatoreRow } from './posatori.ts';

/**
 * The import wizard (/admin/importazione). The browser reads the workbook, finds the
 * header row and sends every row as text; the server applies the row rules, stores valid rows (updating whoever is
 * already in the registry) and answers each row's outcome, so the wizard can write errors.xlsx.
 */

/** Import spreadsheets up to 10 MB and 10,000 rows. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 10_000;
/** The header row is searched within the first 10 rows. */
export const HEADER_SEARCH_ROWS = 10;
/** Rows a batch call carries: each batch is one transaction. */
export const IMPORT_BATCH_MAX = 500;
/** Longest text a cell may bring (an address is 200; a little room for what a sheet holds). */
export const IMPORT_CELL_MAX = 250;

export const importKinds = ['posatori', 'azienda'] as const;
export type ImportKind = (typeof importKinds)[number];

/** The installer record's fields and the sheet's headers, in the same order. */
export const installerColumns = [
  ['codfis', 'CODICE FISCALE'],
  ['lastname', 'COGNOME'],
  ['name', 'NOME'],
  ['email', 'EMAIL'],
  ['cell', 'CELLULARE'],
  ['dtnasc', 'DATA DI NASCITA'],
  ['ragsocaz', 'RAGIONE SOCIALE'],
  ['address', 'INDIRIZZO'],
  ['city', 'CITTA'],
  ['state', 'PROVINCIA'],
  ['cap', 'CAP'],
  ['regione', 'REGIONE'],
  ['phone', 'TELEFONO'],
  ['website', 'WEBSITE'],
  ['piva', 'PARTITA IVA'],
  ['rivenditore', 'RIVENDITORE ASSOCIATO'],
  ['capoarea', 'CAPO AREA ASSOCIATO'],
] as const;

/** The company record's fields and the CRM export's headers. */
export const companyColumns = [
  ['code', 'ContactID'],
  ['ragsoc', 'Company'],
  ['email', 'EmailAddress'],
  ['phone', 'Phone'],
  ['website', 'WebSite'],
  ['address', 'Address'],
  ['cap', 'PostalCode'],
  ['city', 'City'],
  ['state', 'State'],
  ['dtstart', 'Validity From'],
  ['dtend', 'Validity To'],
] as const;

export const importColumns = { posatori: installerColumns, azienda: companyColumns } as const;

/** Columns whose numbers are codes, not amounts: a numeric cell keeps its leading zeros (CAP 00184, VAT numbers). */
export const zeroPaddedColumns: Readonly<Record<string, number>> = { CAP: 5, PostalCode: 5, 'PARTITA IVA': 11 };
/** Columns holding dates: a date cell becomes YYYY-MM-DD. */
export const dateColumns: readonly string[] = ['DATA DI NASCITA', 'Validity From', 'Validity To'];

const cell = z.string().max(IMPORT_CELL_MAX, `Massimo ${IMPORT_CELL_MAX} caratteri`).default('');

type Fields<C extends readonly (readonly [string, string])[]> = { [K in C[number][0]]: typeof cell };
const shapeOf = <C extends readonly (readonly [string, string])[]>(columns: C) =>
  Object.fromEntries(columns.map(([field]) => [field, cell])) as Fields<C>;

/** Every value arrives as text, the way a person reads it in the sheet; the server applies the rules. */
export const installerImportRecord = z.object(shapeOf(installerColumns));
export type InstallerImportRecord = z.infer<typeof installerImportRecord>;
export const companyImportRecord = z.object(shapeOf(companyColumns));
export type CompanyImportRecord = z.infer<typeof companyImportRecord>;

/**
 * The extras the wizard adds to each record: the course type (a qualification, given to the
 * installer), the coupon type (its coupons are assigned) and the course date (a month, the last course date).
 */
export const importExtras = z.object({
  impcoupon: uuidOrEmpty.default(''),
  impcorso: z.string().max(30).default(''),
  impdtcorso: monthOrEmpty.default(''),
});
export type ImportExtras = z.infer<typeof importExtras>;

/** POST /api/imports/{posatori|azienda}: one row, optionally counted in an import record. */
export const installerImportRow = installerImportRecord.extend({
  ...importExtras.shape,
  impid: uuidOrEmpty.default(''),
});
export const companyImportRow = companyImportRecord.extend({ ...importExtras.shape, impid: uuidOrEmpty.default('') });
// The import's calls answer a refused body with its first reason: the wizard shows it as it is.
formRefusal.add(installerImportRow, { refusal: 'first-message' });
formRefusal.add(companyImportRow, { refusal: 'first-message' });

/** What happened to a row: stored as new, updated, already as in the file, or refused with its reasons. */
export const importOutcomes = ['nuovo', 'aggiornato', 'invariato', 'errore'] as const;
export type ImportOutcome = (typeof importOutcomes)[number];

export const importRowReply = z.object({
  res: z.literal('OK'),
  uuid: z.string(),
  esito: z.enum(importOutcomes),
  coupon: z.number().int(),
});
export type ImportRowReply = z.infer<typeof importRowReply>;

/** POST /api/imports: opens an import record before the first batch. */
export const importStartBody = importExtras.extend({
  tipo: z.enum(importKinds),
  file: z.string().trim().min(1, 'Nome del file mancante').max(200, 'Massimo 200 caratteri'),
  righe: z.number().int().min(1).max(IMPORT_MAX_ROWS, `Al massimo ${IMPORT_MAX_ROWS} righe per file`),
});
export type ImportStartBody = z.input<typeof importStartBody>;
formRefusal.add(importStartBody, { refusal: 'first-message' });

/** POST /api/imports/{id}/righe: up to IMPORT_BATCH_MAX rows, numbered as in the sheet; one transaction. */
export const importBatchBody = z.object({
  righe: z
    .array(z.object({ riga: z.number().int().min(1).max(1_000_000), record: z.record(z.string(), z.string()) }))
    .min(1, 'Nessuna riga')
    .max(IMPORT_BATCH_MAX, `Al massimo ${IMPORT_BATCH_MAX} righe per invio`),
});
export type ImportBatchBody = z.infer<typeof importBatchBody>;
formRefusal.add(importBatchBody, { refusal: 'first-message' });

export const importRowOutcome = z.object({
  riga: z.number().int(),
  esito: z.enum(importOutcomes),
  /** The reasons in Italian, '' unless esito is errore. */
  motivo: z.string(),
});
export type ImportRowOutcome = z.infer<typeof importRowOutcome>;

/** An import as recorded: who, when, which file and what came of it. */
export const importRecord = z.object({
  uuid: z.string(),
  tipo: z.enum(importKinds),
  file: z.string(),
  utente: z.string(),
  started_at: z.string(),
  updated_at: z.string(),
  righe: z.number().int(),
  elaborate: z.number().int(),
  nuovi: z.number().int(),
  aggiornati: z.number().int(),
  invariati: z.number().int(),
  errori: z.number().int(),
  coupon: z.number().int(),
  impcoupon: z.string(),
  destcoupon: z.string(),
  impcorso: z.string(),
  destcorso: z.string(),
  impdtcorso: z.string(),
});
export type ImportRecord = z.infer<typeof importRecord>;

export const importBatchReply = z.object({
  res: z.literal('OK'),
  esiti: z.array(importRowOutcome),
  import: importRecord,
});
export type ImportBatchReply = z.infer<typeof importBatchReply>;

export const importsPage = pagedReply(importRecord);

/** GET /api/impposatori/{id}: the installers of one import, with the qualification, code and name filters. */
export const impposatoriQuery = pagingQuery.extend({
  tipo: z.string().max(30).optional(),
  code: z.string().max(30).optional(),
  name: z.string().max(100).optional(),
});
export type ImpposatoriQuery = z.infer<typeof impposatoriQuery>;
export const impposatoriPage = pagedReply(posatoreRow.extend({ esito: z.enum(importOutcomes) }));
export type ImpposatoriPage = z.infer<typeof impposatoriPage>;
