import { describe, expect, it } from 'vitest';
import { capoareaForm, capoareaOwnForm } from '../src/schemas/capoarea.ts';
import { adminProfileForm } from '../src/schemas/me.ts';
import { partnerForm, paymentSaveBody } from '../src/schemas/partners.ts';
import { rivenditoreForm, rivenditoreOwnForm } from '../src/schemas/rivenditori.ts';

/** The first message per field, as the forms show them. */
const errors = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
};

const partner = {
  ragsoc: 'Ceramiche Rossi S.r.l.',
  priorita: '',
  piva: '',
  codfis: '',
  code: '',
  dtstart: '2024-01-01',
  dtend: '',
  address: '',
  city: '',
  cap: '',
  state: '',
  phone: '',
  cell: '',
  email: '',
  website: '',
  capoarea: '',
  rivenditore: '',
};

describe('partner form', () => {
  it('needs only a company name; e-mail and months are checked when present', () => {
    expect(partnerForm.safeParse(partner).success).toBe(true);
    expect(errors(partnerForm.safeParse({ ...partner, ragsoc: ' ' }))).toEqual({ ragsoc: 'Campo obbligatorio' });
    expect(errors(partnerForm.safeParse({ ...partner, email: 'x@' }))).toEqual({
      email: 'Indirizzo e-mail non valido',
    });
    expect(errors(partnerForm.safeParse({ ...partner, dtend: '2023-12-01' }))).toEqual({
      dtend: 'La fine non può precedere l’inizio',
    });
    expect(partnerForm.safeParse({ ...partner, dtend: '2024-01-01' }).success).toBe(true);
    expect(errors(partnerForm.safeParse({ ...partner, dtstart: '2024-01' }))).toEqual({ dtstart: 'Mese non valido' });
  });
});

describe('payment', () => {
  it('takes a real date and euros with at most 2 decimals', () => {
    expect(paymentSaveBody.safeParse({ dtrinnovo: '2026-01-31', fatturato: 1234.56 }).success).toBe(true);
    expect(errors(paymentSaveBody.safeParse({ dtrinnovo: '2026-02-31', fatturato: 1 }))).toEqual({
      dtrinnovo: 'Data non valida',
    });
    expect(Object.keys(errors(paymentSaveBody.safeParse({ dtrinnovo: '2026-01-31', fatturato: 0.001 })))).toEqual([
      'fatturato',
    ]);
    expect(Object.keys(errors(paymentSaveBody.safeParse({ dtrinnovo: '2026-01-31', fatturato: '10' })))).toEqual([
      'fatturato',
    ]);
  });
});

const manager = {
  name: 'Anna',
  lastname: 'Neri',
  piva: '',
  codfis: '',
  address: 'Via Roma 1',
  city: 'Lecco',
  cap: '23900',
  state: 'LC',
  phone: '',
  cell: '',
  email: 'anna.neri@esempio.it',
  website: '',
  provs: ['LC', 'SO'],
};

describe('area manager and reseller forms', () => {
  it('area manager: the form rules and a list of distinct provinces', () => {
    expect(capoareaForm.safeParse(manager).success).toBe(true);
    expect(errors(capoareaForm.safeParse({ ...manager, lastname: '', cap: '239' }))).toEqual({
      lastname: 'Campo obbligatorio',
      cap: 'Il CAP deve essere di 5 cifre',
    });
    expect(errors(capoareaForm.safeParse({ ...manager, provs: ['LC', 'LC'] }))).toEqual({
      provs: 'Provincia indicata più volte',
    });
    // The own profile has no provinces: they are the admin's.
    const { provs: _provs, ...own } = manager;
    expect(capoareaOwnForm.safeParse(own).success).toBe(true);
  });

  it('reseller: name, lastname and a valid e-mail', () => {
    const record = {
      ...manager,
      ragsoc: '',
      code: '',
      address: '',
      cap: '',
      state: '',
      capoarea: '',
      provs: [],
    };
    expect(rivenditoreForm.safeParse(record).success).toBe(true);
    expect(errors(rivenditoreForm.safeParse({ ...record, email: 'anna' }))).toEqual({
      email: 'Indirizzo e-mail non valido',
    });
    expect(Object.keys(errors(rivenditoreOwnForm.safeParse({ ...record, name: '' })))).toEqual(['name']);
  });

  it('admin’s own profile: a name and a valid e-mail', () => {
    expect(adminProfileForm.safeParse({ name: 'Laura', lastname: '', email: 'l@portale.it', phone: '' }).success).toBe(
      true,
    );
    expect(Object.keys(errors(adminProfileForm.safeParse({ name: '', lastname: '', email: '', phone: '' })))).toEqual([
      'name',
      'email',
    ]);
  });
});
