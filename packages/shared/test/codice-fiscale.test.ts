import { describe, expect, it } from 'vitest';
import {
  codiceFiscaleCheckChar,
  decodeOmocodia,
  isValidCodiceFiscale,
  OMOCODIA_INDEXES,
  OMOCODIA_LETTERS,
} from '../src/validation/codice-fiscale.ts';

// An independent check-letter computation (the decree's odd table written as a string where the index is
// the value), so the tests do not merely agree with the implementation.
const ODD_BY_VALUE = 'BAKPLCQDREVOSFTGUHMINJWZYX';
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
function referenceCheck(first15: string): string {
  let sum = 0;
  [...first15].forEach((char, i) => {
    const letter = /\d/.test(char) ? ALPHABET.charAt(Number(char)) : char;
    sum += i % 2 === 0 ? ODD_BY_VALUE.indexOf(letter) : ALPHABET.indexOf(letter);
  });
  return ALPHABET.charAt(sum % 26);
}
const withCheck = (first15: string): string => first15 + referenceCheck(first15);

describe('codiceFiscaleCheckChar', () => {
  it('computes RSSMRA85T10A562S by hand', () => {
    // Odd positions R S R 8 T 0 5 2 -> 8+12+8+19+14+1+13+5 = 80; even S M A 5 1 A 6 -> 18+12+0+5+1+0+6 = 42;
    // 122 mod 26 = 18 -> S.
    expect(codiceFiscaleCheckChar('RSSMRA85T10A562')).toBe('S');
    expect(referenceCheck('RSSMRA85T10A562')).toBe('S');
  });

  it('agrees with the reference on assorted codes', () => {
    for (const first15 of ['BNCGVN80A01H501', 'VRDLGU75C44F205', 'FRRLCU62M15Z404', 'NNNNNN00A01A000']) {
      expect(codiceFiscaleCheckChar(first15)).toBe(referenceCheck(first15));
    }
  });

  it('refuses input that is not 15 upper-case letters or digits', () => {
    expect(() => codiceFiscaleCheckChar('rssmra85t10a562')).toThrow(RangeError);
    expect(() => codiceFiscaleCheckChar('RSSMRA85T10A56')).toThrow(RangeError);
  });
});

describe('isValidCodiceFiscale', () => {
  it('accepts real codes, case-insensitively', () => {
    expect(isValidCodiceFiscale('RSSMRA85T10A562S')).toBe(true);
    expect(isValidCodiceFiscale('rssmra85t10a562s')).toBe(true);
    expect(isValidCodiceFiscale('RssMra85t10A562s')).toBe(true);
    // A woman born on the 10th: day + 40; hand computed 122 + 4 = 126 mod 26 = 22 -> W.
    expect(isValidCodiceFiscale('RSSMRA85T50A562W')).toBe(true);
    for (const first15 of ['BNCGVN80A01H501', 'VRDLGU75C44F205', 'FRRLCU62M15Z404', 'BNCGVN80E71H501']) {
      expect(isValidCodiceFiscale(withCheck(first15))).toBe(true);
    }
  });

  it('rejects every wrong check letter', () => {
    for (const letter of ALPHABET.replace('S', '')) {
      expect(isValidCodiceFiscale(`RSSMRA85T10A562${letter}`)).toBe(false);
    }
    expect(isValidCodiceFiscale('RSSMRA85T10A5621')).toBe(false);
  });

  it('accepts all 127 omocodia forms, each with its recomputed check letter', () => {
    const base = 'RSSMRA85T10A562';
    const variants = new Set<string>();
    for (let mask = 1; mask < 1 << OMOCODIA_INDEXES.length; mask++) {
      const chars = [...base];
      OMOCODIA_INDEXES.forEach((index, bit) => {
        if (mask & (1 << bit)) chars[index] = OMOCODIA_LETTERS.charAt(Number(chars[index]));
      });
      const code = withCheck(chars.join(''));
      variants.add(code);
      expect(isValidCodiceFiscale(code), code).toBe(true);
      expect(isValidCodiceFiscale(code.toLowerCase()), code).toBe(true);
      expect(decodeOmocodia(code).slice(0, 15)).toBe(base);
      // The check letter of the plain code does not fit a substituted one (unless they happen to coincide).
      if (code.charAt(15) !== 'S') expect(isValidCodiceFiscale(`${code.slice(0, 15)}S`)).toBe(false);
    }
    expect(variants.size).toBe(127);
    // Hand computed: last digit 2 -> N moves the odd sum by 20 - 5; 137 mod 26 = 7 -> H.
    expect(variants.has('RSSMRA85T10A56NH')).toBe(true);
  });

  it('rejects letters outside LMNPQRSTUV in digit positions and digits in letter positions', () => {
    expect(isValidCodiceFiscale(withCheck('RSSMRA8AT10A562'))).toBe(false);
    expect(isValidCodiceFiscale(withCheck('RSSMRA85T10A5W2'))).toBe(false);
    expect(isValidCodiceFiscale(withCheck('RSSMR185T10A562'))).toBe(false);
    expect(isValidCodiceFiscale(withCheck('RSSMRA85T101562'))).toBe(false);
  });

  it('rejects impossible months and days even with a correct check letter', () => {
    for (const month of 'FGIJKNOQUVWXYZ') {
      expect(isValidCodiceFiscale(withCheck(`RSSMRA85${month}10A562`)), month).toBe(false);
    }
    for (const month of 'ABCDEHLMPRST') {
      expect(isValidCodiceFiscale(withCheck(`RSSMRA85${month}10A562`)), month).toBe(true);
    }
    for (const day of ['00', '32', '39', '40', '72', '99']) {
      expect(isValidCodiceFiscale(withCheck(`RSSMRA85T${day}A562`)), day).toBe(false);
    }
    for (const day of ['01', '31', '41', '71']) {
      expect(isValidCodiceFiscale(withCheck(`RSSMRA85T${day}A562`)), day).toBe(true);
    }
    // Omocodic day letters decode before the check: Q = 4, L = 0 -> 40 is not a day; M = 1 -> 41 is.
    expect(isValidCodiceFiscale(withCheck('RSSMRA85TQLA562'))).toBe(false);
    expect(isValidCodiceFiscale(withCheck('RSSMRA85TQMA562'))).toBe(true);
  });

  it('treats an 11-digit value as a partita IVA', () => {
    expect(isValidCodiceFiscale('01114601006')).toBe(true);
    expect(isValidCodiceFiscale('01114601007')).toBe(false);
    expect(isValidCodiceFiscale('0111460100')).toBe(false);
    expect(isValidCodiceFiscale('RSSMRA85T10A562SX')).toBe(false);
    expect(isValidCodiceFiscale('RSSMRA85T10A56')).toBe(false);
  });

  it('lets the empty value pass (required-ness is another rule)', () => {
    expect(isValidCodiceFiscale('')).toBe(true);
  });
});
