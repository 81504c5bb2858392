import { describe, expect, it } from 'vitest';
import { centsToEuros, eurosToCents, hasAtMostTwoDecimals, MONEY_MAX_EUROS } from '../src/money.ts';

describe('money', () => {
  it('round-trips euros and integer cents exactly', () => {
    for (const euros of [0, 0.01, 0.1, 0.3, 1234.56, 19.99, MONEY_MAX_EUROS]) {
      const cents = eurosToCents(euros);
      expect(Number.isInteger(cents)).toBe(true);
      expect(centsToEuros(cents)).toBe(euros);
    }
    expect(eurosToCents(1234.56)).toBe(123456);
    expect(centsToEuros(123456)).toBe(1234.56);
  });

  it('tells amounts with more than 2 decimals', () => {
    expect(hasAtMostTwoDecimals(1234.56)).toBe(true);
    expect(hasAtMostTwoDecimals(0.1 + 0.2)).toBe(true);
    expect(hasAtMostTwoDecimals(1234.567)).toBe(false);
    expect(hasAtMostTwoDecimals(0.005)).toBe(false);
    expect(hasAtMostTwoDecimals(Number.NaN)).toBe(false);
    expect(hasAtMostTwoDecimals(Number.POSITIVE_INFINITY)).toBe(false);
  });
});
