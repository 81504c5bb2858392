/**
 * Input filters: applied to what the user types, before validation. The zod schemas
 * stay transform-free, so the server validates the filtered value the form sent rather than fixing it.
 */

/** CAP: digits only. */
export function capFilter(value: string): string {
  return value.replace(/\D/g, '');
}

/** Codice fiscale: upper case, without surrounding blanks. */
export function codfisFilter(value: string): string {
  return value.trim().toUpperCase();
}

/** Phone and cell: digits, spaces, slash, dash and plus only. */
export function phoneFilter(value: string): string {
  return value.replace(/[^0-9 /+-]/g, '');
}
