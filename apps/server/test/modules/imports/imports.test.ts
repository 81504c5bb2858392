import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportBatchReply, ImportRecord, ImpposatoriPage } from '@portal/shared/schemas/imports';
import {
  createTestContext,
  loginEveryRole,
  sheetCodfis as codfis,
  sheetInstaller as installer,
  type TestContext,
} from '../../helpers.ts';

let ctx: TestContext;
let admin: string;
let others: string[];
let corsoBase: string;
let sconto: string;
beforeAll(async () => {
  ctx = await createTestContext();
  const [a, ...rest] = await loginEveryRole(ctx.app);
  admin = a;
  others = rest;
  const types = await ctx.db.selectFrom('coupon_types').select(['uuid', 'tipo']).execute();
  corsoBase = types.find((t) => t.tipo === 'Corso base')?.uuid ?? '';
  sconto = types.find((t) => t.tipo === 'Sconto materiali')?.uuid ?? '';
});
afterAll(() => ctx.close());

const post = (url: string, payload: object, cookie = admin) =>
  ctx.app.inject({ method: 'POST', url, headers: { cookie }, payload });
const get = (url: string, cookie = admin) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });

async function start(body: Record<string, unknown>): Promise<string> {
  const res = await post('/api/imports', { tipo: 'posatori', file: 'corso.xlsx', righe: 10, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: string }).id;
}

async function batch(id: string, records: Record<string, string>[], first = 2): Promise<ImportBatchReply> {
  const res = await post(`/api/imports/${id}/righe`, {
    righe: records.map((record, i) => ({ riga: first + i, record })),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ImportBatchReply;
}

const countWhere = async (table: 'posatori' | 'partners' | 'coupons', column: string, value: string) =>
  Number(
    (
      await ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(column as never, '=', value as never)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('who may import', () => {
  it('only the admin; without a session 401', async () => {
    for (const cookie of others) {
      expect((await post('/api/imports', { tipo: 'posatori', file: 'a.xlsx', righe: 1 }, cookie)).statusCode).toBe(403);
      expect((await post('/api/imports/posatori', installer(900), cookie)).statusCode).toBe(403);
      expect((await get('/api/imports', cookie)).statusCode).toBe(403);
    }
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/imports' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('starting an import', () => {
  it('refuses a coupon type or a course type that does not exist, in Italian', async () => {
    const res = await post('/api/imports', {
      tipo: 'posatori',
      file: 'a.xlsx',
      righe: 3,
      impcoupon: crypto.randomUUID(),
      impcorso: 'NESSUNO',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      res: 'KO',
      fields: { impcoupon: 'Tipo coupon non valido o disattivato', impcorso: 'Tipo corso non valido' },
    });
  });

  it('refuses more than 10,000 rows and a missing file name', async () => {
    const res = await post('/api/imports', { tipo: 'posatori', file: '', righe: 10_001 });
    expect(res.statusCode).toBe(400);
    expect(Object.keys((res.json() as { fields: object }).fields)).toEqual(expect.arrayContaining(['file', 'righe']));
  });
});

describe('installer rows', () => {
  let id: string;
  let reply: ImportBatchReply;
  beforeAll(async () => {
    id = await start({ impcoupon: sconto, impcorso: 'QUALIFICATO', impdtcorso: '2026-10-01' });
    reply = await batch(id, [
      installer(1, { rivenditore: 'riv001', capoarea: 'Giorgio Valli' }),
      installer(2, { dtnasc: '15/03/1979', piva: '' }),
      installer(3, { codfis: 'XYZ' }),
      installer(4, { lastname: '', cap: '184', state: 'ROM' }),
      installer(5, { email: 'non-una-mail', piva: '12345678901' }),
      installer(6, { codfis: 'A1234567', state: 'EE', cap: '' }),
      installer(7, { rivenditore: 'Rivenditore che non esiste' }),
      installer(8, { dtnasc: '31/02/1980' }),
    ]);
  });

  it('stores the good rows and answers each bad one with its column and reason', () => {
    const byRow = Object.fromEntries(reply.esiti.map((e) => [e.riga, e]));
    expect(byRow[2]).toMatchObject({ esito: 'nuovo', motivo: '' });
    expect(byRow[3]).toMatchObject({ esito: 'nuovo' });
    expect(byRow[4]?.motivo).toBe('CODICE FISCALE: Codice fiscale non valido');
    expect(byRow[5]?.motivo).toContain('COGNOME: Campo obbligatorio');
    expect(byRow[5]?.motivo).toContain('PROVINCIA: La provincia deve essere di 2 caratteri');
    expect(byRow[5]?.motivo).toContain('CAP: Il CAP deve essere di 5 cifre');
    expect(byRow[6]?.motivo).toContain('EMAIL: Indirizzo e-mail non valido');
    expect(byRow[6]?.motivo).toContain('PARTITA IVA: Partita IVA non valida');
    expect(byRow[7]).toMatchObject({ esito: 'nuovo' });
    expect(byRow[8]?.motivo).toBe('RIVENDITORE ASSOCIATO: Rivenditore non trovato: Rivenditore che non esiste');
    expect(byRow[9]?.motivo).toBe('DATA DI NASCITA: Data non valida (GG/MM/AAAA)');
    expect(reply.import).toMatchObject({
      elaborate: 8,
      nuovi: 3,
      errori: 5,
      coupon: 6,
      destcoupon: 'Sconto materiali',
    });
  });

  it('stores what the sheet says, the course and the matched reseller and area manager', async () => {
    const p = await ctx.db.selectFrom('posatori').selectAll().where('codfis', '=', codfis(1)).executeTakeFirstOrThrow();
    const riv = await ctx.db
      .selectFrom('rivenditori')
      .select('uuid')
      .where('code', '=', 'RIV001')
      .executeTakeFirstOrThrow();
    expect(p).toMatchObject({
      lastname: 'Importato1',
      azienda: 'Posa Srl',
      cap: '00184',
      cell: '333 1234567',
      tipo: 'QUALIFICATO',
      dtstart: '2026-10-01',
      rivenditore: riv.uuid,
      userstato: 'none',
      coupon: 2,
    });
    expect(p.capoarea).not.toBeNull();
    const second = await ctx.db
      .selectFrom('posatori')
      .select('dtnasc')
      .where('codfis', '=', codfis(2))
      .executeTakeFirstOrThrow();
    expect(second.dtnasc).toBe('1979-03-15');
    expect(await countWhere('posatori', 'codfis', 'A1234567')).toBe(1);
  });

  it('lists the installers of the import with its filters', async () => {
    const all = (await get(`/api/impposatori/${id}`)).json() as ImpposatoriPage;
    expect(all.reccount).toBe(3);
    expect(all.data.map((r) => r.esito)).toEqual(['nuovo', 'nuovo', 'nuovo']);
    const named = (await get(`/api/impposatori/${id}?name=importato2`)).json() as ImpposatoriPage;
    expect(named.data.map((r) => r.descri)).toEqual(['Gino Importato2']);
    const byTipo = (await get(`/api/impposatori/${id}?tipo=MASTER`)).json() as ImpposatoriPage;
    expect(byTipo.reccount).toBe(0);
    expect((await get(`/api/impposatori/${crypto.randomUUID()}`)).statusCode).toBe(404);
    const record = (await get(`/api/imports/${id}`)).json() as ImportRecord;
    expect(record).toMatchObject({ file: 'corso.xlsx', utente: 'admin', righe: 10, destcorso: 'Qualificato' });
  });

  it('the same file again changes nothing: no new installer, no second coupons', async () => {
    const before = await countWhere('coupons', 'tipo', sconto);
    const again = await start({ impcoupon: sconto, impcorso: 'QUALIFICATO', impdtcorso: '2026-10-01' });
    const second = await batch(again, [
      installer(1, { rivenditore: 'RIV001', capoarea: 'giorgio valli' }),
      installer(2, { dtnasc: '15/03/1979' }),
    ]);
    expect(second.esiti.map((e) => e.esito)).toEqual(['invariato', 'invariato']);
    expect(second.import).toMatchObject({ nuovi: 0, invariati: 2, coupon: 0 });
    expect(await countWhere('posatori', 'codfis', codfis(1))).toBe(1);
    expect(await countWhere('coupons', 'tipo', sconto)).toBe(before);
  });

  it('updates a person already in the registry, keeping what an empty cell does not say', async () => {
    const again = await start({});
    const reply2 = await batch(again, [installer(2, { email: 'nuova@example.it', cell: '', city: '' })]);
    expect(reply2.esiti[0]?.esito).toBe('aggiornato');
    const p = await ctx.db.selectFrom('posatori').selectAll().where('codfis', '=', codfis(2)).executeTakeFirstOrThrow();
    expect(p).toMatchObject({ email: 'nuova@example.it', cell: '333 1234567', city: 'Roma', tipo: 'QUALIFICATO' });
  });

  it('a person twice in one file is stored once', async () => {
    const again = await start({});
    const reply2 = await batch(again, [installer(20), installer(20, { city: 'Tivoli' })]);
    expect(reply2.esiti.map((e) => e.esito)).toEqual(['nuovo', 'nuovo']);
    expect(await countWhere('posatori', 'codfis', codfis(20))).toBe(1);
    const p = await ctx.db
      .selectFrom('posatori')
      .select('city')
      .where('codfis', '=', codfis(20))
      .executeTakeFirstOrThrow();
    expect(p.city).toBe('Tivoli');
  });

  it('a batch is all or nothing: when its coupons cannot be made, none of its rows is stored', async () => {
    const again = await start({ impcoupon: corsoBase });
    await ctx.db.updateTable('coupon_types').set({ disattiva: 1 }).where('uuid', '=', corsoBase).execute();
    try {
      const res = await post(`/api/imports/${again}/righe`, { righe: [{ riga: 2, record: installer(30) }] });
      expect(res.statusCode).toBe(400);
      expect(await countWhere('posatori', 'codfis', codfis(30))).toBe(0);
      const record = (await get(`/api/imports/${again}`)).json() as ImportRecord;
      expect(record.elaborate).toBe(0);
    } finally {
      await ctx.db.updateTable('coupon_types').set({ disattiva: 0 }).where('uuid', '=', corsoBase).execute();
    }
  });

  it('refuses a batch larger than 500 rows and an unknown import', async () => {
    const many = Array.from({ length: 501 }, (_, i) => ({ riga: i + 2, record: installer(100 + i) }));
    const res = await post(`/api/imports/${id}/righe`, { righe: many });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ res: 'KO', reason: 'Al massimo 500 righe per invio' });
    const unknown = await post(`/api/imports/${crypto.randomUUID()}/righe`, {
      righe: [{ riga: 2, record: installer(40) }],
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('one row per call', () => {
  it('stores a valid row, then finds it unchanged; a bad row is a 400 with its reason', async () => {
    const first = await post('/api/imports/posatori', { ...installer(50), impcoupon: corsoBase });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ res: 'OK', esito: 'nuovo', coupon: 1 });
    const second = await post('/api/imports/posatori', { ...installer(50), impcoupon: corsoBase });
    expect(second.json()).toMatchObject({ res: 'OK', esito: 'invariato', coupon: 0 });
    const bad = await post('/api/imports/posatori', installer(51, { name: '' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ res: 'KO', reason: 'NOME: Campo obbligatorio' });
  });
});

describe('per-row calls of one import at once', () => {
  it('gives each its own answer, counts every row once and stores a person sent twice once', async () => {
    const id = await start({ impcoupon: corsoBase, righe: 13 });
    const rows = [...Array.from({ length: 12 }, (_, i) => installer(60 + i)), installer(65)];
    rows[7] = installer(67, { name: '' });
    const replies = await Promise.all(rows.map((r) => post('/api/imports/posatori', { ...r, impid: id })));
    expect(replies.map((r) => r.statusCode)).toEqual(rows.map((_, i) => (i === 7 ? 400 : 200)));
    expect(replies[7]?.json()).toMatchObject({ res: 'KO', reason: 'NOME: Campo obbligatorio' });
    const answers = replies.map((r) => r.json() as { uuid?: string; esito?: string; coupon?: number });
    // The person of row 6 and of the last row is one installer, with the course's one coupon, whichever came first.
    expect(answers[12]?.uuid).toBe(answers[5]?.uuid);
    expect(await countWhere('posatori', 'codfis', codfis(65))).toBe(1);
    expect(await countWhere('coupons', 'posatore', answers[5]?.uuid ?? '')).toBe(1);
    expect([answers[5]?.esito, answers[12]?.esito]).toContain('nuovo');
    const others = answers.filter((_, i) => ![5, 7, 12].includes(i));
    expect(new Set([...others, answers[5]].map((a) => a?.uuid)).size).toBe(11);
    expect(others.map((a) => [a.esito, a.coupon])).toEqual(others.map(() => ['nuovo', 1]));
    const record = (await get(`/api/imports/${id}`)).json() as { elaborate: number; errori: number; coupon: number };
    expect(record).toMatchObject({ elaborate: 13, errori: 1, coupon: 11 });
  });
});

describe('company rows', () => {
  const company = (code: string, over: Record<string, string> = {}) => ({
    code,
    ragsoc: `Azienda ${code}`,
    email: `info@${code.toLowerCase()}.it`,
    phone: '02 1234567',
    website: '',
    address: 'Via Milano 2',
    cap: '20100',
    city: 'Milano',
    state: 'MI',
    dtstart: '2025-01-15',
    dtend: '31/12/2026',
    ...over,
  });

  it('stores new companies, updates them by ContactID and refuses bad rows', async () => {
    const res = await post('/api/imports', { tipo: 'azienda', file: 'crm.xlsx', righe: 3, impcoupon: sconto });
    const id = (res.json() as { id: string }).id;
    const first = await batch(id, [company('C-100'), company('C-101', { email: 'x', cap: '1' }), company('', {})]);
    expect(first.esiti.map((e) => e.esito)).toEqual(['nuovo', 'errore', 'errore']);
    expect(first.esiti[1]?.motivo).toContain('EmailAddress: Indirizzo e-mail non valido');
    expect(first.esiti[2]?.motivo).toContain('ContactID: Campo obbligatorio');
    expect(first.import).toMatchObject({ tipo: 'azienda', nuovi: 1, errori: 2, coupon: 0, impcoupon: '' });
    const p = await ctx.db.selectFrom('partners').selectAll().where('code', '=', 'C-100').executeTakeFirstOrThrow();
    expect(p).toMatchObject({ ragsoc: 'Azienda C-100', dtstart: '2025-01-01', dtend: '2026-12-01', state: 'MI' });

    const second = await batch(id, [company('C-100', { city: 'Monza' }), company('C-100', { city: 'Monza' })]);
    expect(second.esiti.map((e) => e.esito)).toEqual(['aggiornato', 'invariato']);
    expect(await countWhere('partners', 'code', 'C-100')).toBe(1);
  });
});
