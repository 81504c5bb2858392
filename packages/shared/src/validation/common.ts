import { provinceSigle } from '../provinces.ts';

/** Checks shared by many forms. Empty values fail here; optional() decides. */

export const CAP_LENGTH = 5;

export function isValidCap(value: string): boolean {
  return /^\d{5}$/.test(value);
}

/** A province sigla from provinces.ts (upper case, as stored) or EE for abroad. */
export function isValidProvince(value: string): boolean {
  return /^[A-Z]{2}$/.test(value) && provinceSigle.has(value);
}

// The HTML living standard's e-mail shape (what <input type="email"> accepts), requiring a dot in the
// domain because the portal mails real addresses.
const EMAIL_LABEL = '[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?';
const EMAIL = new RegExp(`^[a-zA-Z0-9.!#$%&'*+/=?^_\`{|}~-]+@${EMAIL_LABEL}(?:\\.${EMAIL_LABEL})+$`);
/** RFC 5321 limit of a forward path. */
const EMAIL_MAX = 254;

/** Surrounding spaces are not part of an address (they are trimmed wherever one is stored). */
export function isValidEmail(value: string): boolean {
  const address = value.trim();
  return address.length <= EMAIL_MAX && EMAIL.test(address);
}

/**
 * Usernames and e-mail addresses as they are stored and compared everywhere (forms, admin saves, imports, login):
 * trimmed and in lower case, so 'Mario@Esempio.it ' and 'mario@esempio.it' are one address.
 */
export function normalizeLogin(value: string): string {
  return value.trim().toLowerCase();
}

/** The date field's minimum. */
export const MIN_DATE = '1900-01-01';
/** The last date any field accepts: far enough for a renewal or an expiry, near enough to be a real one. */
export const MAX_DATE = '2100-12-31';

/** A real calendar date written YYYY-MM-DD (2023-02-30 is not). */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Date.UTC rolls impossible days over into the next month, so a round trip exposes them.
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A date-field value: a real ISO date from 1900-01-01 to 2100-12-31 (ISO strings compare in date order). */
export function isValidDate(value: string): boolean {
  return isIsoDate(value) && value >= MIN_DATE && value <= MAX_DATE;
}

/** The last year a month-year field offers today: the current year + 10. */
export function monthMaxYear(today: Date = new Date()): number {
  return today.getFullYear() + MONTH_YEARS_AHEAD;
}

/** The first year a month-year field offers. */
export const MONTH_MIN_YEAR = 1970;
/** How many years after the current one a month-year field offers. */
export const MONTH_YEARS_AHEAD = 10;

/** The years a month-year field offers: 1970 .. current year + 10, ascending. */
export function yearOptions(today: Date = new Date()): number[] {
  const last = today.getFullYear() + MONTH_YEARS_AHEAD;
  return Array.from({ length: last - MONTH_MIN_YEAR + 1 }, (_, i) => MONTH_MIN_YEAR + i);
}

/** The stored form of a month field: the first day of the month, YYYY-MM-01. Month is 1..12. */
export function toMonthValue(year: number, month: number): string {
  if (!Number.isInteger(year) || year < 1 || year > 9999 || !Number.isInteger(month) || month < 1 || month > 12) {
    throw new RangeError(`Invalid year/month: ${year}/${month}`);
  }
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;
}

/** The year and month (1..12) of a stored month value, or null when it is not one. */
export function fromMonthValue(value: string): { year: number; month: number } | null {
  const match = /^(\d{4})-(0[1-9]|1[0-2])-01$/.exec(value);
  return match ? { year: Number(match[1]), month: Number(match[2]) } : null;
}

/** YYYY-MM-01 with a year the field offers (1970 .. current year + 10). */
export function isValidMonthValue(value: string, today: Date = new Date()): boolean {
  const parsed = fromMonthValue(value);
  if (!parsed) return false;
  return parsed.year >= MONTH_MIN_YEAR && parsed.year <= monthMaxYear(today);
}
