import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { msg } from '../src/messages-it.ts';
import {
  allOf,
  anyOf,
  atLeastOneOf,
  custom,
  failureMessage,
  FORM_INVALID,
  isEmpty,
  not,
  optional,
  regex,
  required,
  rulesCheck,
  toText,
  validateRecord,
  withMessage,
  type Rule,
  type RuleSet,
} from '../src/validation/rules.ts';

const digits = regex(/^\d+$/, 'solo cifre');
const short = custom((v) => toText(v).length <= 3, 'troppo lungo');

describe('rule combinators', () => {
  it('required fails on missing, blank and empty lists, not on false or 0', () => {
    const rule = required();
    for (const value of [undefined, null, '', '   ', []]) expect(rule(value)).toBe(msg.campoObbligatorio);
    for (const value of ['x', 0, false, ['a']]) expect(rule(value)).toBeNull();
    expect(required('Nome obbligatorio')('')).toBe('Nome obbligatorio');
  });

  it('allOf returns the first failure', () => {
    const rule = allOf(required(), digits, short);
    expect(rule('')).toBe(msg.campoObbligatorio);
    expect(rule('12a')).toBe('solo cifre');
    expect(rule('1234')).toBe('troppo lungo');
    expect(rule('123')).toBeNull();
    expect(allOf()('anything')).toBeNull();
  });

  it('anyOf passes when any rule passes and otherwise reports the last message', () => {
    const rule = anyOf(regex(/^EE$/, 'non estero'), digits);
    expect(rule('EE')).toBeNull();
    expect(rule('42')).toBeNull();
    expect(rule('RM')).toBe('solo cifre');
  });

  it('not inverts a rule', () => {
    const rule = not(digits, 'non deve essere numerico');
    expect(rule('abc')).toBeNull();
    expect(rule('123')).toBe('non deve essere numerico');
  });

  it('regex tests the text of the value and is safe with global patterns', () => {
    const global = regex(/^\d{2}$/g, 'due cifre');
    expect(global('12')).toBeNull();
    expect(global('12')).toBeNull();
    expect(global(12)).toBeNull();
    expect(global(undefined)).toBe('due cifre');
    expect(global({})).toBe('due cifre');
  });

  it('custom receives the value and the whole record', () => {
    const sameAs: Rule = custom((value, record) => value === record['pwd'], 'Le password non coincidono');
    expect(sameAs('a', { pwd: 'a' })).toBeNull();
    expect(sameAs('b', { pwd: 'a' })).toBe('Le password non coincidono');
    expect(sameAs('b')).toBe('Le password non coincidono');
    const typed = custom((value: number) => value > 0, 'positivo');
    expect(typed(-1)).toBe('positivo');
  });

  it('withMessage replaces the message of a failing rule only', () => {
    const rule = withMessage(allOf(required(), digits), 'Numero non valido');
    expect(rule('')).toBe('Numero non valido');
    expect(rule('x')).toBe('Numero non valido');
    expect(rule('1')).toBeNull();
  });

  it('optional lets empty values through', () => {
    const rule = optional(digits);
    expect(rule('')).toBeNull();
    expect(rule(undefined)).toBeNull();
    expect(rule('x')).toBe('solo cifre');
  });

  it('isEmpty and toText', () => {
    expect(isEmpty(' ')).toBe(true);
    expect(isEmpty(false)).toBe(false);
    expect(toText(5)).toBe('5');
    expect(toText(null)).toBe('');
    expect(toText(['a'])).toBe('');
  });
});

const contactRules: RuleSet<'name' | 'code'> = {
  fields: { name: required(), code: optional(digits) },
  record: [atLeastOneOf(['phone', 'cell'], 'Telefono o cellulare')],
};

describe('rule sets', () => {
  it('validateRecord reports the first message per field and record rules on every path', () => {
    expect(validateRecord(contactRules, { name: '', code: 'x' })).toEqual({
      name: msg.campoObbligatorio,
      code: 'solo cifre',
      phone: 'Telefono o cellulare',
      cell: 'Telefono o cellulare',
    });
    expect(validateRecord(contactRules, { name: 'Mario', cell: '333' })).toEqual({});
    expect(validateRecord(contactRules, null)).toHaveProperty('name', msg.campoObbligatorio);
  });

  it('failureMessage falls back to the generic text', () => {
    expect(FORM_INVALID).toBe('Correggere errori segnalati');
    expect(failureMessage(contactRules, { name: 'x' })).toBe(FORM_INVALID);
    const withFailure: RuleSet = { fields: {}, failure: (first) => msg.errore(first) };
    expect(failureMessage(withFailure, { name: 'Campo obbligatorio' })).toBe('Errore: Campo obbligatorio');
    expect(failureMessage(withFailure, {})).toBe('Errore: Correggere errori segnalati');
  });

  it('rulesCheck adds zod issues on the field paths', () => {
    const schema = z
      .object({
        name: z.string(),
        code: z.string(),
        phone: z.string().optional(),
        cell: z.string().optional(),
      })
      .check(rulesCheck(contactRules));
    const bad = schema.safeParse({ name: ' ', code: '1a' });
    expect(bad.success).toBe(false);
    expect(bad.error && z.flattenError(bad.error).fieldErrors).toEqual({
      name: [msg.campoObbligatorio],
      code: ['solo cifre'],
      phone: ['Telefono o cellulare'],
      cell: ['Telefono o cellulare'],
    });
    expect(bad.error?.issues.every((issue) => issue.code === 'custom')).toBe(true);
    expect(schema.safeParse({ name: 'Mario', code: '', phone: '06 123' }).success).toBe(true);
  });
});
