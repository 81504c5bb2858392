/**
 * Money: integer cents in the database, a number of euros with at most 2 decimals on the wire.
 * Formatting (1.234,56 EUR) happens only at the edge, in the browser.
 */

/**
 * The largest amount a money field accepts: 9.999.999,99 EUR, so its cents fit the 32-bit integer columns of
 * PostgreSQL (up to 2,147,483,647).
 */
export const MONEY_MAX_EUROS = 9_999_999.99;

/** True when euros has at most 2 decimals (1234.56 yes, 0.005 no), tolerant of binary floating point. */
export function hasAtMostTwoDecimals(euros: number): boolean {
  if (!Number.isFinite(euros)) return false;
  const cents = euros * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}

/** 1234.56 -> 123456. Callers validate with hasAtMostTwoDecimals first; rounding only absorbs float noise. */
export function eurosToCents(euros: number): number {
  return Math.round(euros * 100);
}

/** 123456 -> 1234.56 */
export function centsToEuros(cents: number): number {
  return Math.round(cents) / 100;
}
