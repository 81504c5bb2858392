import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../src/db/seed/demo.ts';
import { createTestContext, resellerBody, login, readOutbox, type TestContext } from '../../helpers.ts';
import { loginAs, type ApiClient, type RoleClients } from '../../helpers-clients.ts';

let ctx: TestContext;
let as: RoleClients;
let demoCa: string;
beforeAll(async () => {
  ctx = await createTestContext();
  as = await loginAs(ctx);
  demoCa = (await ctx.db.selectFrom('capoarea').select('uuid').where('name', '=', 'Giorgio').executeTakeFirstOrThrow())
    .uuid;
});
afterAll(() => ctx.close());

const NOBODY = '00000000-0000-4000-8000-000000000000';

const uuidOf = async (username: string) =>
  (
    await ctx.db
      .selectFrom('rivenditori')
      .innerJoin('users', 'users.uuid', 'rivenditori.user_uuid')
      .select('rivenditori.uuid')
      .where('users.username', '=', username)
      .executeTakeFirstOrThrow()
  ).uuid;

type Row = { uuid: string; ragsoc: string; name: string; prov: string; code: string; stato: string };
const rows = async (url: string, client: ApiClient = as.admin): Promise<Row[]> => {
  const res = await client.get(`${url}${url.includes('?') ? '&' : '?'}size=200`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('reseller lists', () => {
  it('admin: every reseller, with the row fields, filtered by name, code and province', async () => {
    const all = await rows('/api/rivenditori');
    expect(all).toHaveLength(13);
    expect(Object.keys(all[0]!).sort()).toEqual(['code', 'img', 'lastname', 'name', 'prov', 'ragsoc', 'stato', 'uuid']);
    const lombarde = all.find((r) => r.ragsoc === 'Ceramiche Lombarde S.r.l.')!;
    expect(lombarde).toMatchObject({
      name: 'Franco',
      lastname: 'Bellini',
      prov: 'MI',
      code: 'RIV001',
      stato: 'active',
    });
    expect((await rows('/api/rivenditori?name=lombarde')).map((r) => r.uuid)).toEqual([lombarde.uuid]);
    expect((await rows('/api/rivenditori?name=bellini%20franco')).map((r) => r.uuid)).toEqual([lombarde.uuid]);
    expect((await rows('/api/rivenditori?code=riv001')).map((r) => r.uuid)).toEqual([lombarde.uuid]);
    // By the provinces served, not only the address.
    expect((await rows('/api/rivenditori?state=MB')).map((r) => r.uuid)).toEqual([lombarde.uuid]);
    const names = all.map((r) => r.ragsoc.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect((await as.admin.get('/api/rivenditori?state=mb')).statusCode).toBe(400);
  });

  it('area manager: those assigned to them or based in their provinces, on both paths', async () => {
    const expected = (
      await ctx.db
        .selectFrom('rivenditori')
        .select('uuid')
        .where((eb) => eb.or([eb('capoarea', '=', demoCa), eb('state', 'in', ['MI', 'BG', 'BS'])]))
        .execute()
    )
      .map((r) => r.uuid)
      .sort();
    expect(expected.length).toBeGreaterThan(1);
    expect((await rows('/api/rivenditori_ca', as.capoarea)).map((r) => r.uuid).sort()).toEqual(expected);
    expect((await rows('/api/rivenditori', as.capoarea)).map((r) => r.uuid).sort()).toEqual(expected);
    expect((await rows('/api/rivenditori_ca?name=orobica', as.capoarea)).map((r) => r.ragsoc)).toEqual([
      'Orobica Pavimenti S.n.c.',
    ]);
  });

  it('refuses the other roles', async () => {
    expect((await as.anonymous.get('/api/rivenditori')).statusCode).toBe(401);
    expect((await as.anonymous.get('/api/rivenditori_ca')).statusCode).toBe(401);
    for (const client of [as.rivenditore, as.posatore]) {
      expect((await client.get('/api/rivenditori')).statusCode).toBe(403);
      expect((await client.get('/api/rivenditori_ca')).statusCode).toBe(403);
    }
    expect((await as.admin.get('/api/rivenditori_ca')).statusCode).toBe(403);
  });
});

describe('reseller record', () => {
  it('admin reads any reseller with provinces, area manager, username and stato', async () => {
    const res = await as.admin.get(`/api/rivenditore/${await uuidOf('rivenditore')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ragsoc: 'Ceramiche Lombarde S.r.l.',
      code: 'RIV001',
      username: 'rivenditore',
      capoarea: demoCa,
      provs: ['MB', 'MI'],
      stato: 'active',
    });
    expect((await as.admin.get(`/api/rivenditore/${NOBODY}`)).statusCode).toBe(404);
  });

  it('the area manager reads those in reach only and saves none', async () => {
    const inReach = await uuidOf('rivenditore.bergamo');
    const record = (await as.capoarea.get(`/api/rivenditore/${inReach}`)).json();
    expect(record.ragsoc).toBe('Orobica Pavimenti S.n.c.');
    expect((await as.capoarea.get(`/api/rivenditore/${await uuidOf('rivenditore.roma')}`)).statusCode).toBe(404);
    expect((await as.capoarea.post(`/api/rivenditore/${inReach}`, record)).statusCode).toBe(403);
    expect((await as.capoarea.post('/api/riventitore', resellerBody())).statusCode).toBe(403);
    expect((await as.capoarea.delete(`/api/rivenditore/${inReach}`)).statusCode).toBe(403);
    expect((await as.capoarea.post(`/api/rivenditore/${inReach}/stato`, { stato: 'disabled' })).statusCode).toBe(403);
  });

  it('a reseller reaches no other reseller (nor their own through this path)', async () => {
    expect((await as.rivenditore.get(`/api/rivenditore/${await uuidOf('rivenditore.bergamo')}`)).statusCode).toBe(403);
    expect((await as.rivenditore.get(`/api/rivenditore/${await uuidOf('rivenditore')}`)).statusCode).toBe(403);
    expect((await as.posatore.get(`/api/rivenditore/${await uuidOf('rivenditore')}`)).statusCode).toBe(403);
    const own = await uuidOf('rivenditore');
    expect((await as.rivenditore.post(`/api/rivenditore/${own}`, resellerBody())).statusCode).toBe(403);
    expect((await as.anonymous.get(`/api/rivenditore/${own}`)).statusCode).toBe(401);
  });

  it('requires name, lastname and a valid e-mail, answered as the reason of Errore: {reason}', async () => {
    const empty = await as.admin.post('/api/riventitore', resellerBody({ name: '', lastname: '', email: '' }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      res: 'KO',
      reason: 'Campo obbligatorio',
      fields: { name: 'Campo obbligatorio', lastname: 'Campo obbligatorio', email: 'Campo obbligatorio' },
    });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: 'carlo.sala' }, 'email', 'Indirizzo e-mail non valido'],
      [{ capoarea: NOBODY }, 'capoarea', 'Capo area non valido'],
      [{ provs: ['CO', 'XX'] }, 'provs.1', 'Provincia non valida'],
      [{ cap: '2210a' }, 'cap', 'Usare solo cifre'],
    ];
    for (const [change, field, message] of cases) {
      const res = await as.admin.post('/api/riventitore', resellerBody(change));
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json(), JSON.stringify(change)).toEqual({ res: 'KO', reason: message, fields: { [field]: message } });
    }
    // The CAP is free text for a reseller: only its shape (digits, at most 5) is checked.
    expect(
      (await as.admin.post('/api/riventitore', resellerBody({ cap: '2210', email: 'cap.corto@esempio.it' })))
        .statusCode,
    ).toBe(200);
  });

  it('creates a reseller with a requested account named after the e-mail, then activation', async () => {
    const res = await as.admin.post(
      '/api/riventitore',
      resellerBody({ capoarea: demoCa, provs: ['CO', 'LC'], state: 'CO', city: 'Como', cap: '22100' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { uuid } = res.json();
    expect((await as.admin.get(`/api/rivenditore/${uuid}`)).json()).toMatchObject({
      username: 'carlo.sala@lariana.it',
      stato: 'requested',
      capoarea: demoCa,
      provs: ['CO', 'LC'],
    });
    expect((await rows('/api/rivenditori_ca', as.capoarea)).map((r) => r.uuid)).toContain(uuid);
    expect((await as.admin.get('/api/cborivenditori?prov=LC')).json()).toEqual([
      { value: uuid, label: 'Lariana Ceramiche S.r.l.' },
    ]);
    expect((await as.admin.post('/auth/admin/resetpassword', { user: uuid })).json()).toEqual({ res: 'OK' });
    expect(readOutbox(ctx.outbox).at(-1)).toMatchObject({ subject: 'Portale Posatori - Attivazione account' });
    expect((await as.admin.post('/api/riventitore', resellerBody())).json().fields).toEqual({
      email: 'Esiste già un utente con questa email',
    });
  });

  it('saves the record: provinces, code and area manager', async () => {
    const id = await uuidOf('rivenditore.genova');
    const current = (await as.admin.get(`/api/rivenditore/${id}`)).json();
    const res = await as.admin.post(`/api/rivenditore/${id}`, {
      ...current,
      code: 'RIVGE',
      provs: ['GE', 'SP'],
      capoarea: demoCa,
      username: 'ignored',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await as.admin.get(`/api/rivenditore/${id}`)).json()).toMatchObject({
      code: 'RIVGE',
      provs: ['GE', 'SP'],
      capoarea: demoCa,
      username: 'rivenditore.genova',
    });
    // Now assigned to the demo area manager: in their reach.
    expect((await as.capoarea.get(`/api/rivenditore/${id}`)).statusCode).toBe(200);
    expect((await as.admin.post(`/api/rivenditore/${NOBODY}`, current)).statusCode).toBe(404);
  });

  it('disables and re-enables the reseller’s account', async () => {
    const id = await uuidOf('rivenditore.verona');
    const open = await as.login('rivenditore.verona', DEMO_PASSWORD);
    expect((await as.admin.post(`/api/rivenditore/${id}/stato`, { stato: 'disabled' })).json()).toEqual({
      res: 'OK',
      stato: 'disabled',
    });
    expect((await open.get('/api/partner_ri')).statusCode).toBe(401);
    await expect(login(ctx.app, 'rivenditore.verona', DEMO_PASSWORD)).rejects.toThrow();
    expect((await rows('/api/rivenditori?code=RIV003')).map((r) => r.stato)).toEqual(['disabled']);
    expect((await as.admin.post(`/api/rivenditore/${id}/stato`, { stato: 'active' })).json().stato).toBe('active');
    expect(
      (await as.withCookie(await login(ctx.app, 'rivenditore.verona', DEMO_PASSWORD)).get('/api/partner_ri'))
        .statusCode,
    ).toBe(200);
  });
});

describe('deleting a reseller', () => {
  it('empties the references of installers, partners and coupons and deletes the account', async () => {
    const id = await uuidOf('rivenditore.bologna');
    const installer = await ctx.db
      .selectFrom('posatori')
      .select('uuid')
      .where('rivenditore', '=', id)
      .executeTakeFirstOrThrow();
    const coupons = await ctx.db.selectFrom('coupons').select('uuid').where('rivenditore', '=', id).execute();
    const partners = await ctx.db.selectFrom('partners').select('uuid').where('rivenditore', '=', id).execute();
    expect((await as.admin.delete(`/api/rivenditore/${id}`)).json()).toEqual({ res: 'OK' });
    expect((await as.admin.get(`/api/rivenditore/${id}`)).statusCode).toBe(404);
    expect((await as.admin.get(`/api/posatori/${installer.uuid}`)).json().rivenditore).toBe('');
    for (const p of partners) expect((await as.admin.get(`/api/partner/${p.uuid}`)).json().rivenditore).toBe('');
    if (coupons.length > 0) {
      const after = await ctx.db
        .selectFrom('coupons')
        .select('rivenditore')
        .where(
          'uuid',
          'in',
          coupons.map((c) => c.uuid),
        )
        .execute();
      expect(after.every((c) => c.rivenditore === null)).toBe(true);
    }
    await expect(login(ctx.app, 'rivenditore.bologna', DEMO_PASSWORD)).rejects.toThrow();
    expect((await as.admin.delete(`/api/rivenditore/${id}`)).statusCode).toBe(404);
    expect((await as.anonymous.delete(`/api/rivenditore/${id}`)).statusCode).toBe(401);
  });
});
