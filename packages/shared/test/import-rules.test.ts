import { describe, expect, it } from 'vitest';
import { msg } from '../src/messages-it.ts';
import { companyImportRules } from '../src/validation/import-rules.ts';
import { validationMsg } from '../src/validation/messages.ts';
import { validateRecord } from '../src/validation/rules.ts';

describe('companyImportRules', () => {
  const row = { code: 'C-1', ragsoc: 'Azienda', email: 'info@azienda.it', cap: '20100', state: 'MI' };

  it('accepts a full row and one with only its ContactID and name', () => {
    expect(validateRecord(companyImportRules, row)).toEqual({});
    expect(
      validateRecord(companyImportRules, { code: 'C-1', ragsoc: 'Azienda', email: '', cap: '', state: '' }),
    ).toEqual({});
  });

  it('needs the ContactID and the name, and checks e-mail, CAP and province when present, in column order', () => {
    const errors = validateRecord(companyImportRules, { code: '', ragsoc: ' ', email: 'x', cap: '1', state: 'MIL' });
    expect(errors).toEqual({
      code: msg.campoObbligatorio,
      ragsoc: msg.campoObbligatorio,
      email: validationMsg.emailNonValida,
      cap: validationMsg.capNonValido,
      state: validationMsg.provinciaDueCaratteri,
    });
    expect(Object.keys(errors)).toEqual(['code', 'ragsoc', 'email', 'cap', 'state']);
  });
});
