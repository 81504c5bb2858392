import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { msg } from '../src/messages-it.ts';
import {
  capRule,
  codiceFiscaleRule,
  dateRule,
  emailRule,
  monthRule,
  partitaIvaRule,
  provinceRule,
  twoCharStateRule,
} from '../src/validation/field-rules.ts';
import { validationMsg } from '../src/validation/messages.ts';
import {
  areaManagerRules,
  installerImportRules,
  installerProfileRules,
  resellerRules,
} from '../src/validation/profile-rules.ts';
import { failureMessage, rulesCheck, validateRecord } from '../src/validation/rules.ts';

const validProfile = {
  name: 'Mario',
  lastname: '',
  dtnasc: '1985-12-10',
  codfis: 'RSSMRA85T10A562S',
  address: 'Via Roma 1',
  city: 'Roma',
  cap: '00184',
  state: 'RM',
  email: 'mario.rossi@example.it',
  phone: '',
  cell: '333 1234567',
  piva: '',
};

describe('field rules', () => {
  it('fail on empty values and on bad ones, pass on good ones', () => {
    const cases = [
      [capRule, '00184', '0018', validationMsg.capNonValido],
      [provinceRule, 'SU', 'XX', validationMsg.provinciaNonValida],
      [twoCharStateRule, 'XX', 'ROM', validationMsg.provinciaDueCaratteri],
      [emailRule, 'a@b.it', 'a@b', validationMsg.emailNonValida],
      [codiceFiscaleRule, 'RSSMRA85T10A562S', 'RSSMRA85T10A562X', validationMsg.codiceFiscaleNonValido],
      [partitaIvaRule, '01114601006', '01114601007', validationMsg.partitaIvaNonValida],
      [dateRule, '1985-12-10', '2023-02-30', validationMsg.dataNonValida],
      [monthRule, '2020-05-01', '2020-05-02', validationMsg.meseNonValido],
    ] as const;
    for (const [rule, good, bad, message] of cases) {
      expect(rule(good)).toBeNull();
      expect(rule(bad)).toBe(message);
      expect(rule('')).toBe(message);
    }
    expect(dateRule('1899-12-31')).toBe(validationMsg.dataTroppoVecchia);
    expect(codiceFiscaleRule('01114601006')).toBeNull();
  });
});

describe('installer profile rules', () => {
  it('accept a complete profile without lastname and with only the cell', () => {
    expect(validateRecord(installerProfileRules, validProfile)).toEqual({});
    expect(validateRecord(installerProfileRules, { ...validProfile, phone: '06 123', cell: '' })).toEqual({});
  });

  it('require the listed fields and one of phone or cell', () => {
    const errors = validateRecord(installerProfileRules, {});
    expect(Object.keys(errors).sort()).toEqual(
      ['address', 'cap', 'cell', 'city', 'codfis', 'dtnasc', 'email', 'name', 'phone', 'state'].sort(),
    );
    expect(errors['name']).toBe(msg.campoObbligatorio);
    expect(errors['phone']).toBe(validationMsg.telefonoOCellulare);
  });

  it('check CAP, e-mail, codice fiscale (or VAT-style) and optional partita IVA', () => {
    const errors = validateRecord(installerProfileRules, {
      ...validProfile,
      cap: '0018A',
      email: 'mario@',
      codfis: 'RSSMRA85T10A562X',
      piva: '123',
    });
    expect(errors).toEqual({
      cap: validationMsg.capNonValido,
      email: validationMsg.emailNonValida,
      codfis: validationMsg.codiceFiscaleNonValido,
      piva: validationMsg.partitaIvaNonValida,
    });
    expect(
      validateRecord(installerProfileRules, { ...validProfile, codfis: '01114601006', piva: '01114601006' }),
    ).toEqual({});
  });

  it('fail with the profile message', () => {
    expect(failureMessage(installerProfileRules, { name: msg.campoObbligatorio })).toBe(
      'Attenzione, correggere i campi segnalati',
    );
  });
});

describe('area manager and reseller rules', () => {
  const manager = {
    name: 'Luca',
    lastname: 'Bianchi',
    address: 'Via Po 2',
    city: 'Torino',
    cap: '10121',
    state: 'TO',
    email: 'luca@example.it',
    codfis: '',
    piva: '',
  };

  it('area manager: mandatory fields, 2-char state, empty-or-valid codfis and piva', () => {
    expect(validateRecord(areaManagerRules, manager)).toEqual({});
    expect(
      validateRecord(areaManagerRules, { ...manager, lastname: '', state: 'TOR', codfis: 'X', piva: '1' }),
    ).toEqual({
      lastname: msg.campoObbligatorio,
      state: validationMsg.provinciaDueCaratteri,
      codfis: validationMsg.codiceFiscaleNonValido,
      piva: validationMsg.partitaIvaNonValida,
    });
    const errors = validateRecord(areaManagerRules, { ...manager, cap: '' });
    expect(failureMessage(areaManagerRules, errors)).toBe('Errore: Campo obbligatorio');
  });

  it('reseller: name, lastname and email mandatory', () => {
    expect(validateRecord(resellerRules, { name: 'A', lastname: 'B', email: 'c@d.it' })).toEqual({});
    expect(Object.keys(validateRecord(resellerRules, { name: 'A' }))).toEqual(['lastname', 'email']);
  });
});

describe('installer import row rules', () => {
  const row = {
    codfis: 'RSSMRA85T10A562S',
    lastname: 'Rossi',
    name: 'Mario',
    ragsocaz: 'Posa Srl',
    state: 'RM',
  };

  it('require codfis, names and company; check the tax code unless abroad', () => {
    expect(validateRecord(installerImportRules, row)).toEqual({});
    expect(validateRecord(installerImportRules, { ...row, codfis: 'FOREIGN-ID' })).toEqual({
      codfis: validationMsg.codiceFiscaleNonValido,
    });
    expect(validateRecord(installerImportRules, { ...row, codfis: 'FOREIGN-ID', state: 'EE' })).toEqual({});
    expect(validateRecord(installerImportRules, { ...row, ragsocaz: '', cap: '123', email: 'x' })).toEqual({
      ragsocaz: msg.campoObbligatorio,
      cap: validationMsg.capNonValido,
      email: validationMsg.emailNonValida,
    });
  });
});

describe('a zod object schema using the rule maps', () => {
  // Field schemas stay lenient (strings); the rule set carries the Italian rules for form and server alike.
  const profileForm = z
    .object({
      name: z.string(),
      lastname: z.string(),
      dtnasc: z.string(),
      codfis: z.string(),
      address: z.string(),
      city: z.string(),
      cap: z.string(),
      state: z.string(),
      email: z.string(),
      phone: z.string(),
      cell: z.string(),
      piva: z.string(),
    })
    .check(rulesCheck(installerProfileRules));

  it('accepts a valid record', () => {
    const parsed = profileForm.safeParse(validProfile);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual(validProfile);
  });

  it('rejects an invalid record with per-field messages', () => {
    const parsed = profileForm.safeParse({
      ...validProfile,
      name: '',
      cap: '123',
      cell: '',
      codfis: 'rssmra85t10a562x',
    });
    expect(parsed.success).toBe(false);
    const fields = parsed.error ? z.flattenError(parsed.error).fieldErrors : {};
    expect(fields).toEqual({
      name: [msg.campoObbligatorio],
      cap: [validationMsg.capNonValido],
      codfis: [validationMsg.codiceFiscaleNonValido],
      phone: [validationMsg.telefonoOCellulare],
      cell: [validationMsg.telefonoOCellulare],
    });
  });
});
