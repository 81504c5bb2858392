/**
 * Coupon codes: read aloud at a counter and typed on a phone, so
 * - the alphabet has no 0/O and no 1/I: digits 2-9 and the letters A-Z without I and O (32 symbols);
 * - 9 random symbols (45 bits: a million coupons leave one chance in 35 million that a guess is a code) and a
 *   check symbol (Damm over GF(32)), which catches every single mistyped symbol and every swap of two neighbours;
 * - shown and stored as two groups of five, 'K7QM4-TZ9XH'; typed with or without the dash, in any case.
 */
export const COUPON_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const COUPON_BODY_LENGTH = 9;
/** The stored form: 5 symbols, a dash, 5 symbols. */
export const COUPON_CODE_PATTERN = /^[2-9A-HJ-NP-Z]{5}-[2-9A-HJ-NP-Z]{5}$/;

/** Multiplies by x in GF(32) (reduced by the primitive polynomial x^5 + x^2 + 1). */
const times2 = (v: number) => (v & 16 ? (v << 1) ^ 0b100101 : v << 1);

/**
 * Damm's check over GF(32): interim = 2·interim XOR symbol, and the check symbol brings the interim to 0. Each step
 * is a bijection of the interim, so any single changed symbol is caught; 2·a XOR b = 2·b XOR a only when a = b, so
 * is every swap of two neighbours (which Luhn mod 32 misses for the pair 2 and Z).
 */
function interimOf(symbols: string): number {
  let interim = 0;
  for (const ch of symbols) interim = times2(interim) ^ COUPON_ALPHABET.indexOf(ch);
  return interim;
}

function checkSymbol(body: string): string {
  return COUPON_ALPHABET.charAt(times2(interimOf(body)));
}

/** Builds a code from 9 random integers in [0, 32): the caller owns the randomness (crypto on the server). */
export function couponCodeFrom(randomSymbols: readonly number[]): string {
  if (randomSymbols.length !== COUPON_BODY_LENGTH) throw new Error('A coupon code needs 9 symbols');
  const body = randomSymbols.map((v) => COUPON_ALPHABET.charAt(v)).join('');
  const full = body + checkSymbol(body);
  return `${full.slice(0, 5)}-${full.slice(5)}`;
}

/**
 * What a person typed, as the stored form: upper case, spaces and dashes dropped, then the dash put back.
 * undefined when it cannot be a code (wrong length, a symbol outside the alphabet, or the check symbol is wrong),
 * so a typo is caught before anything is asked of the server.
 */
export function normalizeCouponCode(typed: string): string | undefined {
  const compact = typed.toUpperCase().replace(/[\s-]/g, '');
  if (compact.length !== COUPON_BODY_LENGTH + 1) return undefined;
  for (const ch of compact) if (!COUPON_ALPHABET.includes(ch)) return undefined;
  const body = compact.slice(0, COUPON_BODY_LENGTH);
  if (checkSymbol(body) !== compact.charAt(COUPON_BODY_LENGTH)) return undefined;
  return `${compact.slice(0, 5)}-${compact.slice(5)}`;
}

const CODE_LENGTH = COUPON_BODY_LENGTH + 1;
const LENGTH_HINT = `il codice ne ha ${CODE_LENGTH}, ad esempio K7QM4-TZ9XH (il trattino non conta).`;

/**
 * Why what a person typed cannot be a code, said as the person at the counter needs it, or undefined when it can
 * be one: symbols no code has (a 0 read for an O), then how many are missing or too many, then a mistake among
 * ten right-looking symbols (the check symbol disagrees: one is wrong, or two are swapped). Never the length to
 * someone who typed the right number of symbols.
 */
export function couponCodeProblem(typed: string): string | undefined {
  const compact = typed.toUpperCase().replace(/[\s-]/g, '');
  if (compact === '') return `Scrivi il codice del coupon: ${CODE_LENGTH} caratteri, ad esempio K7QM4-TZ9XH.`;
  const foreign = [...new Set([...compact].filter((ch) => !COUPON_ALPHABET.includes(ch)))];
  if (foreign.length > 0) {
    return `Nei codici non ci sono mai ${foreign.map((ch) => `«${ch}»`).join(' e ')}: usano le cifre da 2 a 9 e le lettere tranne I e O. Ricontrolla ${foreign.length === 1 ? 'quel carattere' : 'quei caratteri'}.`;
  }
  const missing = CODE_LENGTH - compact.length;
  if (missing === 1) return `Manca 1 carattere: ${LENGTH_HINT}`;
  if (missing > 1) return `Mancano ${missing} caratteri: ${LENGTH_HINT}`;
  if (missing === -1) return `C'è 1 carattere di troppo: ${LENGTH_HINT}`;
  if (missing < -1) return `Ci sono ${-missing} caratteri di troppo: ${LENGTH_HINT}`;
  if (normalizeCouponCode(compact) === undefined) {
    return 'Il codice ha un errore: un carattere è sbagliato o due sono scambiati. Ricontrollalo sul coupon.';
  }
  return undefined;
}
