import { describe, expect, test } from 'vitest';
import { capFilter, codfisFilter, phoneFilter } from '@portal/shared/validation/filters';
import { applyInputFilter, pivaFilter } from '../src/lib/input-filters.ts';

describe('what the registry forms keep of what is typed or pasted', () => {
  test('a pasted CAP with a space keeps its five digits: the filter runs before the length limit', () => {
    expect(applyInputFilter('20 121', capFilter, 5)).toBe('20121');
    expect(applyInputFilter('I-20121 Milano', capFilter, 5)).toBe('20121');
  });

  test('a codice fiscale is upper case, trimmed, and never longer than 16 characters', () => {
    expect(applyInputFilter('  rssmra80a01h501u ', codfisFilter, 16)).toBe('RSSMRA80A01H501U');
    expect(applyInputFilter('rssmra80a01h501uXYZ', codfisFilter, 16)).toBe('RSSMRA80A01H501U');
  });

  test('a partita IVA loses its blanks and is upper case, so a pasted "it 0123 4567 890" is not refused', () => {
    expect(pivaFilter('it 0123 4567 890')).toBe('IT01234567890');
    expect(applyInputFilter('0123 4567 8901 234', pivaFilter, 11)).toBe('01234567890');
  });

  test('a phone keeps digits, spaces, slash, dash and plus only', () => {
    expect(phoneFilter('+39 (02) 1234-567 int. 8')).toBe('+39 02 1234-567  8');
  });

  test('a field without a filter or a limit keeps what was typed', () => {
    expect(applyInputFilter('Via Roma, 1', undefined, undefined)).toBe('Via Roma, 1');
    expect(applyInputFilter('Abcdef', undefined, 3)).toBe('Abc');
  });
});
