import { describe, expect, test } from 'vitest';
import {
  formatAddress,
  formatCount,
  formatDate,
  formatEuro,
  formatMoneyInput,
  formatMonth,
  formatSize,
  initials,
  parseMoneyInput,
} from '../src/lib/formatters.ts';

// Intl writes a no-break space between the amount and the euro sign.
const spaced = (text: string) => text.replace(/\s/g, ' ');

describe('money as the screens show it', () => {
  test('comma decimals, dot thousands from 1.000 up, the euro sign after', () => {
    expect(spaced(formatEuro(1234.56))).toBe('1.234,56 €');
    expect(spaced(formatEuro(1234567.5))).toBe('1.234.567,50 €');
    expect(spaced(formatEuro(0))).toBe('0,00 €');
    expect(spaced(formatEuro(9.9))).toBe('9,90 €');
  });

  test('no amount shows nothing', () => {
    expect(formatEuro(null)).toBe('');
    expect(formatEuro(undefined)).toBe('');
  });

  test('a money field shows its amount without the sign, which sits beside it', () => {
    expect(formatMoneyInput(1234.5)).toBe('1.234,50');
    expect(formatMoneyInput(null)).toBe('');
    expect(formatMoneyInput(Number.NaN)).toBe('');
  });
});

describe('what a typed amount means', () => {
  test('Italian writing, with or without the thousands dots', () => {
    expect(parseMoneyInput('1.234,56')).toBe(1234.56);
    expect(parseMoneyInput('1234,56')).toBe(1234.56);
    expect(parseMoneyInput('1.234.567')).toBe(1234567);
    expect(parseMoneyInput(' 12,5 € ')).toBe(12.5);
  });

  test('a lone dot with one or two digits after it is a decimal point; with three it groups thousands', () => {
    expect(parseMoneyInput('12.5')).toBe(12.5);
    expect(parseMoneyInput('12.50')).toBe(12.5);
    expect(parseMoneyInput('1.250')).toBe(1250);
  });

  test('an empty field is no amount; anything else is not a number, which the schema refuses', () => {
    expect(parseMoneyInput('')).toBeNull();
    expect(parseMoneyInput('  ')).toBeNull();
    expect(parseMoneyInput('12,345')).toBeNaN();
    expect(parseMoneyInput('1.23.4')).toBeNaN();
    expect(parseMoneyInput('dieci')).toBeNaN();
    expect(parseMoneyInput('-5')).toBeNaN();
  });

  test('what the field shows is read back as the same amount', () => {
    for (const amount of [0, 0.5, 9.99, 1000, 1234.56, 98765.4]) {
      expect(parseMoneyInput(formatMoneyInput(amount))).toBe(amount);
    }
  });
});

describe('dates and months as the screens show them', () => {
  test('a wire date or timestamp reads dd/mm/yyyy', () => {
    expect(formatDate('2027-03-15')).toBe('15/03/2027');
    expect(formatDate('2027-03-15T10:20:00')).toBe('15/03/2027');
  });

  test('a month field reads mm/yyyy', () => {
    expect(formatMonth('2026-09-01')).toBe('09/2026');
  });

  test('nothing, or a value that is not a date, shows nothing', () => {
    expect(formatDate('')).toBe('');
    expect(formatDate(null)).toBe('');
    expect(formatDate('data-incompleta')).toBe('');
    expect(formatMonth(undefined)).toBe('');
    expect(formatMonth('mese-incompleto')).toBe('');
  });
});

describe('names and addresses', () => {
  test('the avatar shows the first letters of the first two words, upper case', () => {
    expect(initials('mario rossi')).toBe('MR');
    expect(initials('  Anna   Maria Bianchi ')).toBe('AM');
    expect(initials('Ceramiche')).toBe('C');
    expect(initials('')).toBe('');
  });

  test('an address on one line leaves out the parts that are empty', () => {
    expect(formatAddress({ address: 'Via Roma 1', cap: '20100', city: 'Milano', state: 'MI' })).toBe(
      'Via Roma 1, 20100 Milano (MI)',
    );
    expect(formatAddress({ address: '', cap: '', city: 'Torino', state: 'TO' })).toBe('Torino (TO)');
    expect(formatAddress({ address: 'Via Po 2', cap: '', city: '', state: '' })).toBe('Via Po 2');
    expect(formatAddress({ address: '', cap: '', city: '', state: '' })).toBe('');
  });
});

describe('counts as the screens show them', () => {
  test('a dot every three digits, 4-digit counts too', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1.000');
    expect(formatCount(50000)).toBe('50.000');
    expect(formatCount(1234567)).toBe('1.234.567');
    expect(formatCount(-20000)).toBe('-20.000');
  });

  test('the same text as Intl with grouping always, for whole numbers of every length', () => {
    const intl = new Intl.NumberFormat('it-IT', { useGrouping: 'always' });
    const values = [
      1,
      12,
      123,
      1234,
      12345,
      123456,
      7654321,
      10_000_000,
      999_999_999,
      2 ** 40,
      Number.MAX_SAFE_INTEGER,
    ];
    for (const v of [...values, ...values.map((v) => -v)]) expect(formatCount(v)).toBe(intl.format(v));
  });
});

describe('file sizes as the screens show them', () => {
  test('kilobytes whole, at least 1; megabytes with one decimal after a comma, none when it is 0', () => {
    expect(formatSize(0)).toBe('1 kB');
    expect(formatSize(839_680)).toBe('820 kB');
    expect(formatSize(1_048_576)).toBe('1 MB');
    expect(formatSize(4.2 * 1_048_576)).toBe('4,2 MB');
    expect(formatSize(9.96 * 1_048_576)).toBe('10 MB');
    expect(formatSize(1234.5 * 1_048_576)).toBe('1.234,5 MB');
  });
});
