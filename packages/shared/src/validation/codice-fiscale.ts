import { isValidPartitaIva } from './partita-iva.ts';

/**
 * Italian codice fiscale (DM 23/12/1976): 6 letters of surname and name, year (2 digits), month letter,
 * day (women +40), cadastral code (letter + 3 digits), check letter. Omocodia: when two people would share
 * a code the Agenzia delle Entrate replaces digits, right to left, with letters; any mix is a valid code.
 */

export const CODICE_FISCALE_LENGTH = 16;

/** 0-based indexes of the digit positions 7, 8, 10, 11, 13, 14, 15 that omocodia may turn into letters. */
export const OMOCODIA_INDEXES: readonly number[] = [6, 7, 9, 10, 12, 13, 14];

/** The letter standing for each digit 0..9 in an omocodic code. */
export const OMOCODIA_LETTERS = 'LMNPQRSTUV';

/** January..December; other letters are not months. */
export const MONTH_LETTERS = 'ABCDEHLMPRST';

const DIGIT = `[0-9${OMOCODIA_LETTERS}]`;
const SHAPE = new RegExp(`^[A-Z]{6}${DIGIT}{2}[${MONTH_LETTERS}]${DIGIT}{2}[A-Z]${DIGIT}{3}[A-Z]$`);

/** Values of A..Z (and of 0..9, which count as A..J) in odd positions (1st, 3rd, ...). */
const ODD_VALUES = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];

/** 0..9 -> 0..9, A..Z -> 0..25. */
function charIndex(char: string): number {
  const code = char.charCodeAt(0);
  return code <= 57 ? code - 48 : code - 65;
}

/** The check letter for the first 15 (upper-case) characters. */
export function codiceFiscaleCheckChar(first15: string): string {
  if (!/^[A-Z0-9]{15}$/.test(first15)) {
    throw new RangeError('codiceFiscaleCheckChar expects 15 upper-case letters or digits');
  }
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const index = charIndex(first15.charAt(i));
    // i is 0-based, so even i is an odd (1st, 3rd, ...) position.
    sum += i % 2 === 0 ? (ODD_VALUES[index] ?? 0) : index;
  }
  return String.fromCharCode(65 + (sum % 26));
}

/** Turns omocodia letters back into digits, leaving a plain code. Expects an upper-case 16-char code. */
export function decodeOmocodia(code: string): string {
  const chars = code.split('');
  for (const i of OMOCODIA_INDEXES) {
    const letter = OMOCODIA_LETTERS.indexOf(chars[i] ?? '');
    if (letter >= 0) chars[i] = String(letter);
  }
  return chars.join('');
}

/**
 * True for a valid 16-character code (case-insensitive, omocodia accepted, month letter and day checked) or,
 * when the length is not 16, a valid 11-digit partita IVA (companies' codice fiscale). Empty passes:
 * whether the field is required is a separate rule.
 */
export function isValidCodiceFiscale(value: string): boolean {
  if (value === '') return true;
  if (value.length !== CODICE_FISCALE_LENGTH) return isValidPartitaIva(value);
  const code = value.toUpperCase();
  if (!SHAPE.test(code)) return false;
  const day = Number(decodeOmocodia(code).slice(9, 11));
  if (!((day >= 1 && day <= 31) || (day >= 41 && day <= 71))) return false;
  return codiceFiscaleCheckChar(code.slice(0, 15)) === code.charAt(15);
}
