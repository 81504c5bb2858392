import { describe, expect, it } from 'vitest';
import {
  fromMonthValue,
  isIsoDate,
  isValidCap,
  isValidDate,
  isValidEmail,
  normalizeLogin,
  isValidMonthValue,
  isValidProvince,
  toMonthValue,
  yearOptions,
} from '../src/validation/common.ts';

describe('CAP', () => {
  it('is exactly 5 digits', () => {
    expect(isValidCap('00184')).toBe(true);
    expect(isValidCap('20121')).toBe(true);
    for (const cap of ['', '0018', '001844', '0018A', ' 0018', '00 18']) expect(isValidCap(cap), cap).toBe(false);
  });
});

describe('province', () => {
  it('accepts listed sigle and EE only, upper case', () => {
    expect(isValidProvince('RM')).toBe(true);
    expect(isValidProvince('SU')).toBe(true);
    expect(isValidProvince('EE')).toBe(true);
    for (const value of ['rm', 'XX', 'R', 'ROM', '', 'CI']) expect(isValidProvince(value), value).toBe(false);
  });
});

describe('e-mail', () => {
  it('accepts ordinary addresses', () => {
    for (const email of ['mario.rossi@example.it', 'a+b@posta.example.com', "o'neil@mail-server.co.uk", 'X_Y@A.IT']) {
      expect(isValidEmail(email), email).toBe(true);
    }
  });

  it('ignores surrounding spaces, which are trimmed wherever an address is stored', () => {
    expect(isValidEmail(' a@x.it ')).toBe(true);
    expect(normalizeLogin('  Mario.Rossi@Esempio.IT ')).toBe('mario.rossi@esempio.it');
  });

  it('rejects malformed ones', () => {
    for (const email of [
      '',
      'mario',
      'mario@',
      '@example.it',
      'mario@example',
      'ma rio@example.it',
      'a@b@c.it',
      'a@-x.it',
      'a@x..it',
    ]) {
      expect(isValidEmail(email), email).toBe(false);
    }
    expect(isValidEmail(`${'a'.repeat(250)}@x.it`)).toBe(false);
  });
});

describe('dates', () => {
  it('accepts real ISO dates from 1900-01-01', () => {
    expect(isValidDate('1900-01-01')).toBe(true);
    expect(isValidDate('1985-12-10')).toBe(true);
    expect(isValidDate('2024-02-29')).toBe(true);
    expect(isValidDate('2000-02-29')).toBe(true);
  });

  it('rejects impossible dates, other formats and dates before 1900', () => {
    for (const date of [
      '2023-02-30',
      '2023-02-29',
      '1900-02-29',
      '2023-04-31',
      '2023-13-01',
      '2023-00-10',
      '2023-01-00',
      '2023-1-5',
      '10/12/1985',
      '',
      '1985-12-10T00:00:00Z',
    ]) {
      expect(isValidDate(date), date).toBe(false);
    }
    expect(isIsoDate('1899-12-31')).toBe(true);
    expect(isValidDate('1899-12-31')).toBe(false);
  });
});

describe('month fields', () => {
  const today = new Date(2025, 5, 15);

  it('offers the years 1970 .. current year + 10', () => {
    const years = yearOptions(today);
    expect(years[0]).toBe(1970);
    expect(years.at(-1)).toBe(2035);
    expect(years).toHaveLength(66);
    expect(yearOptions(new Date(2030, 0, 1)).at(-1)).toBe(2040);
    expect(yearOptions().at(-1)).toBe(new Date().getFullYear() + 10);
  });

  it('stores the first day of the month', () => {
    expect(toMonthValue(2024, 3)).toBe('2024-03-01');
    expect(toMonthValue(1970, 12)).toBe('1970-12-01');
    expect(() => toMonthValue(2024, 13)).toThrow(RangeError);
    expect(() => toMonthValue(2024, 0)).toThrow(RangeError);
    expect(() => toMonthValue(2024.5, 1)).toThrow(RangeError);
    expect(fromMonthValue('2024-03-01')).toEqual({ year: 2024, month: 3 });
    expect(fromMonthValue('2024-03-02')).toBeNull();
  });

  it('validates month values against the offered years', () => {
    expect(isValidMonthValue('1970-01-01', today)).toBe(true);
    expect(isValidMonthValue('2035-12-01', today)).toBe(true);
    for (const value of ['1969-12-01', '2036-01-01', '2024-03-15', '2024-13-01', '2024-00-01', '2024-03', '']) {
      expect(isValidMonthValue(value, today), value).toBe(false);
    }
  });
});
