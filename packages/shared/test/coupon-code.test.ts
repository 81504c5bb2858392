import { describe, expect, it } from 'vitest';
import {
  COUPON_ALPHABET,
  COUPON_CODE_PATTERN,
  couponCodeFrom,
  couponCodeProblem,
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

  describe('the reason a typed code is refused, in the words of the person at the counter', () => {
    it('has none for a code that can be one', () => {
      expect(couponCodeProblem(sample)).toBeUndefined();
      expect(couponCodeProblem(` ${compact.toLowerCase()} `)).toBeUndefined();
    });

    it('blames a mistake, not the length, when ten symbols were typed', () => {
      const typo = withSymbol(compact, 4, compact[4] === 'A' ? 'B' : 'A');
      const reason = couponCodeProblem(typo) ?? '';
      expect(reason).toBe(
        'Il codice ha un errore: un carattere è sbagliato o due sono scambiati. Ricontrollalo sul coupon.',
      );
      expect(reason).not.toMatch(/caratteri/);
    });

    it('counts what is missing or too much, the dash and spaces aside', () => {
      expect(couponCodeProblem(sample.slice(0, 8))).toBe(
        'Mancano 3 caratteri: il codice ne ha 10, ad esempio K7QM4-TZ9XH (il trattino non conta).',
      );
      expect(couponCodeProblem(compact.slice(0, 9))).toBe(
        'Manca 1 carattere: il codice ne ha 10, ad esempio K7QM4-TZ9XH (il trattino non conta).',
      );
      expect(couponCodeProblem(`${sample}A`)).toBe(
        "C'è 1 carattere di troppo: il codice ne ha 10, ad esempio K7QM4-TZ9XH (il trattino non conta).",
      );
      expect(couponCodeProblem(`${compact}AB`)).toBe(
        'Ci sono 2 caratteri di troppo: il codice ne ha 10, ad esempio K7QM4-TZ9XH (il trattino non conta).',
      );
    });

    it('names the symbols no code has', () => {
      expect(couponCodeProblem(withSymbol(compact, 2, 'O'))).toBe(
        'Nei codici non ci sono mai «O»: usano le cifre da 2 a 9 e le lettere tranne I e O. Ricontrolla quel carattere.',
      );
      expect(couponCodeProblem(`0${compact.slice(1, 5)}1${compact.slice(6)}`)).toMatch(
        /^Nei codici non ci sono mai «0» e «1»: /,
      );
      expect(couponCodeProblem('K7QM4/TZ9XH')).toMatch(/^Nei codici non ci sono mai «\/»: /);
    });

    it('asks for the code when nothing was typed', () => {
      expect(couponCodeProblem('  ')).toBe('Scrivi il codice del coupon: 10 caratteri, ad esempio K7QM4-TZ9XH.');
    });
  });
});
