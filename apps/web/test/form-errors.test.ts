import { describe, expect, test } from 'vitest';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors } from 'react-hook-form';
import { msg } from '@portal/shared/messages-it';
import { capoareaForm, type CapoareaSaveBody } from '@portal/shared/schemas/capoarea';
import { areaManagerRules } from '@portal/shared/validation/profile-rules';
import { failureMessage } from '@portal/shared/validation/rules';
import { ApiError } from '../src/lib/api-error.ts';
import { fieldMessages, markServerErrors } from '../src/lib/form-errors.ts';

const complete: CapoareaSaveBody = {
  name: 'Mario',
  lastname: 'Rossi',
  piva: '',
  codfis: '',
  address: 'Via Roma 1',
  city: 'Milano',
  cap: '20121',
  state: 'MI',
  phone: '',
  cell: '',
  email: 'mario.rossi@example.it',
  website: '',
  provs: ['MI'],
};

/** The browser's check of the area-manager form: the same schema the server runs, through the form's resolver. */
async function check(values: CapoareaSaveBody): Promise<FieldErrors<CapoareaSaveBody>> {
  const resolve = zodResolver(capoareaForm);
  const result = await resolve(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  return result.errors;
}

describe('the browser side of a form’s rules', () => {
  test('a complete record passes: nothing marked, nothing to say', async () => {
    const errors = await check(complete);
    expect(fieldMessages(errors)).toEqual({});
  });

  test('each invalid field gets its Italian message, and the form’s message names the first one', async () => {
    const errors = await check({ ...complete, cap: '201', email: 'mario.rossi' });
    const messages = fieldMessages(errors);
    expect(Object.keys(messages).sort()).toEqual(['cap', 'email']);
    for (const text of Object.values(messages)) expect(text).toMatch(/[a-z]/);
    const first = Object.values(messages)[0] ?? '';
    expect(failureMessage(areaManagerRules, messages)).toBe(msg.errore(first));
  });

  test('a required field left empty is marked, not sent', async () => {
    const messages = fieldMessages(await check({ ...complete, name: '', city: '' }));
    expect(Object.keys(messages).sort()).toEqual(['city', 'name']);
  });
});

describe('a save the server refused, marked on the form', () => {
  const marked = (error: unknown, fields: readonly string[]) => {
    const calls: [string, string | undefined][] = [];
    markServerErrors<CapoareaSaveBody>(error, (name, value) => calls.push([name, value.message]), fields);
    return calls;
  };

  test('the server’s per-field messages go on the fields the form shows', () => {
    const refusal = new ApiError(400, 'Dati non validi', { email: 'Email già in uso', cap: 'CAP non valido' });
    expect(marked(refusal, ['email', 'cap', 'city'])).toEqual([
      ['email', 'Email già in uso'],
      ['cap', 'CAP non valido'],
    ]);
  });

  test('a field the form does not show is left to the form’s own message', () => {
    const refusal = new ApiError(400, 'Dati non validi', { uuid: 'Non valido', email: 'Email già in uso' });
    expect(marked(refusal, ['email'])).toEqual([['email', 'Email già in uso']]);
  });

  test('a refusal without fields, or a failure that is not the server’s answer, marks nothing', () => {
    expect(marked(new ApiError(403, 'Non autorizzato'), ['email'])).toEqual([]);
    expect(marked(new Error('rete'), ['email'])).toEqual([]);
  });
});
