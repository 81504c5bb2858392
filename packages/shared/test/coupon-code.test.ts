import { describe, expect, it } from 'vitest';
import {
  COUPON_ALPHABET,
  COUPON_CODE_PATTERN,
  couponCodeFrom,
  normalizeCouponCode,
} from '../src/validation/coupon-code.ts';

const sample = couponCodeFrom([3, 17, 0, 31, 9, 22, 5, 12, 28]);
const compact = sample.replace('-', '');
const withSymbol = (s: string, i: number, ch: string) => s.slice(0, i) + ch + s.slice(i + 1);

describe('coupon codes', () => {
  it('reads as two groups of five symbols without 0, O, 1 or I', () => {
    expect(sample).toMatch(COUPON_CODE_PATTERN);
    expect(COUPON_ALPHABET).toHaveLength(32);
    expect(COUPON_ALPHABET).not.toMatch(/[01IO]/);
  });

  it('accepts what a person types: lower case, spaces, with or without the dash', () => {
    expect(normalizeCouponCode(sample)).toBe(sample);
    expect(normalizeCouponCode(compact.toLowerCase())).toBe(sample);
    expect(normalizeCouponCode(` ${compact.slice(0, 3)} ${compact.slice(3)} `)).toBe(sample);
  });

  it('catches every single mistyped symbol', () => {
    for (let i = 0; i < compact.length; i++) {
      for (const ch of COUPON_ALPHABET) {
        if (ch === compact[i]) continue;
        expect(normalizeCouponCode(withSymbol(compact, i, ch))).toBeUndefined();
      }
    }
  });

  it('catches every swap of two different neighbours', () => {
    for (let i = 0; i < compact.length - 1; i++) {
      if (compact[i] === compact[i + 1]) continue;
      const swapped = compact.slice(0, i) + compact[i + 1] + compact[i] + compact.slice(i + 2);
      expect(normalizeCouponCode(swapped)).toBeUndefined();
    }
  });

  it('catches swaps of neighbours in a thousand codes, whatever their symbols', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % 32;
    for (let n = 0; n < 1000; n++) {
      const code = couponCodeFrom(Array.from({ length: 9 }, next)).replace('-', '');
      expect(normalizeCouponCode(code)).toBeDefined();
      for (let i = 0; i < code.length - 1; i++) {
        if (code[i] === code[i + 1]) continue;
        expect(normalizeCouponCode(code.slice(0, i) + code[i + 1] + code[i] + code.slice(i + 2))).toBeUndefined();
      }
    }
  });

  it('refuses symbols outside the alphabet and wrong lengths', () => {
    expect(normalizeCouponCode(withSymbol(compact, 2, '0'))).toBeUndefined();
    expect(normalizeCouponCode(compact.slice(1))).toBeUndefined();
    expect(normalizeCouponCode(`${compact}A`)).toBeUndefined();
    expect(normalizeCouponCode('')).toBeUndefined();
  });
});
