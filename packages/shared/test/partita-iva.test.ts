import { describe, expect, it } from 'vitest';
import { isValidPartitaIva, partitaIvaCheckDigit } from '../src/validation/partita-iva.ts';

describe('partita IVA', () => {
  it('accepts valid numbers', () => {
    // 0 1 1 1 4 6 0 1 0 0: odd positions 0+1+4+0+0 = 5; even 1,1,6,1,0 doubled 2+2+(12-9)+2+0 = 9;
    // 14 -> (10 - 4) mod 10 = 6.
    expect(isValidPartitaIva('01114601006')).toBe(true);
    // 1 2 3 4 5 6 7 8 9 0: 1+3+5+7+9 = 25; 4+8+(12-9)+(16-9)+0 = 22; 47 -> 3.
    expect(isValidPartitaIva('12345678903')).toBe(true);
    expect(partitaIvaCheckDigit('0111460100')).toBe('6');
    expect(partitaIvaCheckDigit('1234567890')).toBe('3');
  });

  it('rejects a wrong check digit', () => {
    for (const digit of '012345789') expect(isValidPartitaIva(`0111460100${digit}`)).toBe(false);
  });

  it('rejects wrong lengths, letters and blanks, including empty', () => {
    expect(isValidPartitaIva('')).toBe(false);
    expect(isValidPartitaIva('0111460100')).toBe(false);
    expect(isValidPartitaIva('011146010060')).toBe(false);
    expect(isValidPartitaIva('0111460100A')).toBe(false);
    expect(isValidPartitaIva(' 01114601006')).toBe(false);
    expect(isValidPartitaIva('IT01114601006')).toBe(false);
  });

  it('detects a changed digit and a swap of neighbours', () => {
    expect(isValidPartitaIva('01114601106')).toBe(false);
    expect(isValidPartitaIva('10114601006')).toBe(false);
  });

  it('partitaIvaCheckDigit refuses anything but 10 digits', () => {
    expect(() => partitaIvaCheckDigit('123')).toThrow(RangeError);
  });
});
