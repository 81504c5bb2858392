import { describe, expect, it } from 'vitest';
import { capFilter, codfisFilter, phoneFilter } from '../src/validation/filters.ts';

describe('input filters', () => {
  it('capFilter keeps digits only', () => {
    expect(capFilter('00 1-8a4')).toBe('00184');
    expect(capFilter('abc')).toBe('');
    expect(capFilter('00184')).toBe('00184');
  });

  it('codfisFilter upper-cases and trims', () => {
    expect(codfisFilter('  rssmra85t10a562s ')).toBe('RSSMRA85T10A562S');
    expect(codfisFilter('')).toBe('');
  });

  it('phoneFilter keeps digits, space, slash, dash and plus', () => {
    expect(phoneFilter('+39 06/123-4567')).toBe('+39 06/123-4567');
    expect(phoneFilter('tel. (06) 123.456 int#2')).toBe(' 06 123456 2');
    expect(phoneFilter('+39\t333')).toBe('+39333');
  });
});
