import type { ImportOutcome, ImportRowOutcome } from '@portal/shared/schemas/imports';
import { validateRecord, type FieldErrors, type RuleSet } from '@portal/shared/validation/rules';
import type { z } from 'zod';

/** The refusals of a sheet's rows, in Italian as the wizard's error file shows them. */
export const importMsg = {
  tipoCouponNonValido: 'Tipo coupon non valido o disattivato',
  tipoCorsoNonValido: 'Tipo corso non valido',
  rivenditoreNonTrovato: (name: string) => `Rivenditore non trovato: ${name}`,
  rivenditoreAmbiguo: (name: string) => `Più rivenditori corrispondono a: ${name}`,
  capoareaNonTrovato: (name: string) => `Capo area non trovato: ${name}`,
  capoareaAmbiguo: (name: string) => `Più capi area corrispondono a: ${name}`,
  dataNonValida: 'Data non valida (GG/MM/AAAA)',
  rigaNonValida: 'Riga non valida',
} as const;

/** One row of a sheet as the wizard sends it: its number in the sheet and its cells by field. */
export type Row = { riga: number; record: Record<string, string> };

/** A row checked: the values to store, or the reasons it is refused. */
export type Checked<V> = { values: V } | { problem: string };

/** What one transaction stored: per row its outcome, its installer or company and the coupons it got; their sum. */
export type Stored = {
  outcomes: ImportRowOutcome[];
  coupon: number;
  uuids: (string | undefined)[];
  coupons: number[];
};

/** Per row, in the sheet's order, what became of it and which record it stored. */
export class RowOutcomes {
  readonly outcomes: ImportRowOutcome[] = [];
  readonly uuids: (string | undefined)[] = [];

  refused(riga: number, motivo: string): void {
    this.outcomes.push({ riga, esito: 'errore', motivo });
    this.uuids.push(undefined);
  }

  stored(riga: number, esito: Exclude<ImportOutcome, 'errore'>, uuid: string): void {
    this.outcomes.push({ riga, esito, motivo: '' });
    this.uuids.push(uuid);
  }
}

type Columns = readonly (readonly [string, string])[];

/** Field problems as one Italian reason naming the sheet's columns: 'CAP: Il CAP deve essere di 5 cifre; ...'. */
export function reasonOf(problems: FieldErrors, columns: Columns): string {
  const headers = new Map(columns.map(([field, header]) => [field, header]));
  return Object.entries(problems)
    .map(([field, message]) => `${headers.get(field) ?? field}: ${message}`)
    .join('; ');
}

/**
 * The one way a sheet's row is checked: the record kind's shape (every cell as text), the input filters a form
 * applies, then the kind's rule set. The record, or the reason it cannot be read at all.
 */
export function checkedRecord<S extends z.ZodType<Record<string, string>>, R extends Record<string, string>>(
  schema: S,
  rules: RuleSet,
  raw: Record<string, string>,
  filtered: (record: z.infer<S>) => R,
): { record: R; problems: FieldErrors } | { problem: string } {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) return { problem: importMsg.rigaNonValida };
  const record = filtered(trimAll(parsed.data));
  return { record, problems: validateRecord(rules, record) };
}

/**
 * A date as a sheet gives it: the wizard sends date cells as YYYY-MM-DD; a date typed as text is read the Italian
 * way (GG/MM/AAAA, also with - or .). Undefined when it is not a real date.
 */
export function importDate(text: string): string | undefined {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const it = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : it ? [it[3], it[2], it[1]] : [];
  if (!y || !m || !d) return undefined;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  if (date.getUTCFullYear() !== Number(y) || date.getUTCMonth() !== Number(m) - 1 || date.getUTCDate() !== Number(d)) {
    return undefined;
  }
  return `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
}

/** The phone field's input filter, as the forms apply it while one types. */
export const phoneFilter = (v: string): string => v.replace(/[^0-9 /+-]/g, '').trim();

/** Spaces as a form leaves them: runs of blanks as one, none at the ends. */
const trimAll = <T extends Record<string, string>>(r: T): T =>
  Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v.replace(/\s+/g, ' ').trim()])) as T;
