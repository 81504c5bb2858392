import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../src/db/seed/demo.ts';
import {
  areaManagerBody,
  createTestContext,
  login,
  readOutbox,
  resetIdOf,
  type TestContext,
  loginEveryRole,
} from '../../helpers.ts';

let ctx: TestContext;
let admin: string;
let capoarea: string;
let rivenditore: string;
let posatore: string;
beforeAll(async () => {
  ctx = await createTestContext();
  [admin, capoarea, rivenditore, posatore] = await loginEveryRole(ctx.app);
});
afterAll(() => ctx.close());

const NOBODY = '00000000-0000-4000-8000-000000000000';

const get = (url: string, cookie?: string) => ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const post = (url: string, payload: unknown, cookie?: string) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });
const del = (url: string, cookie?: string) =>
  ctx.app.inject({ method: 'DELETE', url, headers: cookie ? { cookie } : {} });

const uuidOf = async (name: string) =>
  (await ctx.db.selectFrom('capoarea').select('uuid').where('name', '=', name).executeTakeFirstOrThrow()).uuid;

describe('area manager list', () => {
  it('is the admin’s only: 401 without a session, 403 to every other role', async () => {
    for (const cookie of [capoarea, rivenditore, posatore]) {
      expect((await get('/api/capoarea', cookie)).statusCode).toBe(403);
      expect((await get(`/api/capoarea/${await uuidOf('Giorgio')}`, cookie)).statusCode).toBe(403);
      expect((await post('/api/capoarea', areaManagerBody(), cookie)).statusCode).toBe(403);
      expect((await post(`/api/capoarea/${await uuidOf('Giorgio')}`, areaManagerBody(), cookie)).statusCode).toBe(403);
      expect((await del(`/api/capoarea/${await uuidOf('Elisa')}`, cookie)).statusCode).toBe(403);
      expect(
        (await post(`/api/capoarea/${await uuidOf('Elisa')}/stato`, { stato: 'disabled' }, cookie)).statusCode,
      ).toBe(403);
    }
    expect((await get('/api/capoarea')).statusCode).toBe(401);
  });

  it('lists every area manager with Nome, Provincia and the account stato', async () => {
    const res = await get('/api/capoarea', admin);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ page: 1, pages: 1, reccount: 6 });
    const giorgio = page.data.find((r: { ragsoc: string }) => r.ragsoc === 'Giorgio Valli');
    expect(giorgio).toEqual({
      uuid: await uuidOf('Giorgio'),
      img: '',
      ragsoc: 'Giorgio Valli',
      prov: 'MI',
      provs: ['BG', 'BS', 'MI'],
      stato: 'active',
    });
    const stati = Object.fromEntries(page.data.map((r: { ragsoc: string; stato: string }) => [r.ragsoc, r.stato]));
    expect(stati).toMatchObject({ 'Piero Landi': 'requested', 'Carmela Sorrentino': 'disabled' });
    expect((await get('/api/capoarea?size=4&page=2', admin)).json()).toMatchObject({ page: 2, pages: 2 });
  });

  it('filters by name (fname) and by province (fstate)', async () => {
    const names = async (query: string) =>
      (await get(`/api/capoarea?${query}`, admin)).json().data.map((r: { ragsoc: string }) => r.ragsoc);
    expect(await names('fname=valli')).toEqual(['Giorgio Valli']);
    expect(await names('fname=valli%20giorgio')).toEqual(['Giorgio Valli']);
    expect(await names('fstate=BG')).toEqual(['Giorgio Valli']);
    expect(await names('fstate=VR')).toEqual(['Elisa Martini']);
    expect(await names('fstate=AO')).toEqual([]);
    expect((await get('/api/capoarea?fstate=bergamo', admin)).statusCode).toBe(400);
  });
});

describe('area manager record', () => {
  it('reads the record with provinces, read-only username and stato', async () => {
    const res = await get(`/api/capoarea/${await uuidOf('Giorgio')}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Giorgio',
      lastname: 'Valli',
      ragsoc: 'Giorgio Valli',
      username: 'capoarea',
      provs: ['BG', 'BS', 'MI'],
      stato: 'active',
      state: 'MI',
    });
    expect((await get(`/api/capoarea/${NOBODY}`, admin)).statusCode).toBe(404);
    expect((await get('/api/capoarea/nuovo', admin)).statusCode).toBe(400);
  });

  it('applies the area-manager rules of spec section 5, answered as the reason of Errore: {reason}', async () => {
    const empty = await post(
      '/api/capoarea',
      areaManagerBody({ name: '', lastname: '', address: '', city: '', cap: '', state: '', email: '' }),
      admin,
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      res: 'KO',
      reason: 'Campo obbligatorio',
      fields: {
        name: 'Campo obbligatorio',
        lastname: 'Campo obbligatorio',
        address: 'Campo obbligatorio',
        city: 'Campo obbligatorio',
        cap: 'Campo obbligatorio',
        state: 'Campo obbligatorio',
        email: 'Campo obbligatorio',
      },
    });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ cap: '2210' }, 'cap', 'Il CAP deve essere di 5 cifre'],
      [{ cap: '22a00' }, 'cap', 'Usare solo cifre'],
      [{ state: 'COM' }, 'state', 'Provincia non valida'],
      [{ email: 'sofia' }, 'email', 'Indirizzo e-mail non valido'],
      [{ codfis: 'GLLSFO80A41C933X' }, 'codfis', 'Codice fiscale non valido'],
      [{ piva: '12345678901' }, 'piva', 'Partita IVA non valida'],
      [{ provs: ['CO', 'CO'] }, 'provs', 'Provincia indicata più volte'],
      [{ provs: ['XX'] }, 'provs.0', 'Provincia non valida'],
      [{ name: 'x'.repeat(101) }, 'name', 'Massimo 100 caratteri'],
    ];
    for (const [change, field, message] of cases) {
      const res = await post('/api/capoarea', areaManagerBody(change), admin);
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json(), JSON.stringify(change)).toEqual({ res: 'KO', reason: message, fields: { [field]: message } });
    }
  });

  it('creates the area manager with two provinces and an account in requested; activation turns it active', async () => {
    const res = await post('/api/capoarea', areaManagerBody({ email: 'Sofia.Galli@Esempio.it' }), admin);
    expect(res.statusCode, res.body).toBe(200);
    const { uuid } = res.json();
    const created = (await get(`/api/capoarea/${uuid}`, admin)).json();
    expect(created).toMatchObject({
      ragsoc: 'Sofia Galli',
      username: 'sofia.galli@esempio.it',
      provs: ['CO', 'LC'],
      stato: 'requested',
    });
    expect((await get('/api/capoarea?fstate=LC', admin)).json().data.map((r: { uuid: string }) => r.uuid)).toEqual([
      uuid,
    ]);
    expect((await get('/api/cbocapoarea?prov=LC', admin)).json()).toEqual([{ value: uuid, label: 'Sofia Galli' }]);
    // The same e-mail again: the login name is taken.
    const again = await post('/api/capoarea', areaManagerBody({ email: 'sofia.galli@esempio.it' }), admin);
    expect(again.json()).toEqual({
      res: 'KO',
      reason: 'Esiste già un utente con questa email',
      fields: { email: 'Esiste già un utente con questa email' },
    });

    // Nor may it reuse the e-mail of an existing account named otherwise (login by e-mail needs it unique).
    const adminEmail = await post('/api/capoarea', areaManagerBody({ email: 'ADMIN@portale-posatori.it' }), admin);
    expect(adminEmail.json()).toMatchObject({ res: 'KO', fields: { email: 'Esiste già un utente con questa email' } });

    expect((await post('/auth/admin/resetpassword', { user: uuid }, admin)).json()).toEqual({ res: 'OK' });
    const mail = readOutbox(ctx.outbox).at(-1)!;
    expect(mail.to).toContain('sofia.galli@esempio.it');
    expect(mail.subject).toBe('Portale Posatori - Attivazione account');
    const done = await post('/auth/resetpwd', { pid: resetIdOf(mail.link), ppwd: 'piastrelle-lariane' });
    expect(done.json()).toEqual({ res: 'OK' });
    expect((await get(`/api/capoarea/${uuid}`, admin)).json().stato).toBe('active');
    const sofia = await login(ctx.app, 'sofia.galli@esempio.it', 'piastrelle-lariane');
    expect((await get('/api/myprofile', sofia)).json()).toMatchObject({ role: 'capoarea', uuid, provs: ['CO', 'LC'] });
  });

  it('saves the record and the provinces; ragsoc follows the name, the username stays', async () => {
    const id = await uuidOf('Marta');
    const current = (await get(`/api/capoarea/${id}`, admin)).json();
    const res = await post(
      `/api/capoarea/${id}`,
      { ...current, name: 'Martina', email: 'martina.ciccone@esempio.it', provs: ['AN', 'MC'], username: 'hacker' },
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ res: 'OK' });
    const after = (await get(`/api/capoarea/${id}`, admin)).json();
    expect(after).toMatchObject({
      ragsoc: 'Martina Ciccone',
      provs: ['AN', 'MC'],
      username: 'capoarea.adriatica',
      email: 'martina.ciccone@esempio.it',
    });
    const account = await ctx.db
      .selectFrom('users')
      .select('email')
      .where('username', '=', 'capoarea.adriatica')
      .executeTakeFirstOrThrow();
    expect(account.email).toBe('martina.ciccone@esempio.it');
    expect((await get('/api/cbocapoarea?prov=PE', admin)).json()).toEqual([]);
    expect((await post(`/api/capoarea/${id}`, { ...current, cap: '' }, admin)).json().reason).toBe(
      'Campo obbligatorio',
    );
    expect((await post(`/api/capoarea/${NOBODY}`, current, admin)).statusCode).toBe(404);
  });
});

describe('disabling an area manager', () => {
  it('refuses login and ends open sessions; re-enabling lets them back in', async () => {
    const id = await uuidOf('Davide');
    const open = await login(ctx.app, 'capoarea.nordovest', DEMO_PASSWORD);
    expect((await get('/api/partner_ca', open)).statusCode).toBe(200);
    const off = await post(`/api/capoarea/${id}/stato`, { stato: 'disabled' }, admin);
    expect(off.json()).toEqual({ res: 'OK', stato: 'disabled' });
    expect((await get('/api/partner_ca', open)).statusCode).toBe(401);
    await expect(login(ctx.app, 'capoarea.nordovest', DEMO_PASSWORD)).rejects.toThrow();
    expect((await get(`/api/capoarea/${id}`, admin)).json().stato).toBe('disabled');
    const on = await post(`/api/capoarea/${id}/stato`, { stato: 'active' }, admin);
    expect(on.json()).toEqual({ res: 'OK', stato: 'active' });
    const back = await login(ctx.app, 'capoarea.nordovest', DEMO_PASSWORD);
    expect((await get('/api/partner_ca', back)).statusCode).toBe(200);
  });

  it('an account that never set a password goes back to requested', async () => {
    const id = await uuidOf('Piero');
    expect((await post(`/api/capoarea/${id}/stato`, { stato: 'disabled' }, admin)).json().stato).toBe('disabled');
    expect((await post(`/api/capoarea/${id}/stato`, { stato: 'active' }, admin)).json().stato).toBe('requested');
    expect((await post(`/api/capoarea/${id}/stato`, { stato: 'requested' }, admin)).statusCode).toBe(400);
    expect((await post(`/api/capoarea/${NOBODY}/stato`, { stato: 'active' }, admin)).statusCode).toBe(404);
  });
});

describe('deleting an area manager', () => {
  it('empties the references of installers, resellers and partners and deletes the account', async () => {
    const id = await uuidOf('Elisa');
    const installer = await ctx.db
      .selectFrom('posatori')
      .select('uuid')
      .where('capoarea', '=', id)
      .executeTakeFirstOrThrow();
    const reseller = await ctx.db
      .selectFrom('rivenditori')
      .select('uuid')
      .where('capoarea', '=', id)
      .executeTakeFirstOrThrow();
    const partner = await ctx.db
      .selectFrom('partners')
      .select('uuid')
      .where('capoarea', '=', id)
      .executeTakeFirstOrThrow();
    const open = await login(ctx.app, 'capoarea.nordest', DEMO_PASSWORD);

    expect((await del(`/api/capoarea/${id}`, admin)).json()).toEqual({ res: 'OK' });
    expect((await get(`/api/capoarea/${id}`, admin)).statusCode).toBe(404);
    expect((await get(`/api/posatori/${installer.uuid}`, admin)).json().capoarea).toBe('');
    expect((await get(`/api/rivenditore/${reseller.uuid}`, admin)).json().capoarea).toBe('');
    expect((await get(`/api/partner/${partner.uuid}`, admin)).json().capoarea).toBe('');
    expect(await ctx.db.selectFrom('capoarea_provs').select('prov').where('capoarea_uuid', '=', id).execute()).toEqual(
      [],
    );
    expect(
      await ctx.db.selectFrom('users').select('uuid').where('username', '=', 'capoarea.nordest').executeTakeFirst(),
    ).toBeUndefined();
    expect((await get('/api/partner_ca', open)).statusCode).toBe(401);
    await expect(login(ctx.app, 'capoarea.nordest', DEMO_PASSWORD)).rejects.toThrow();
    expect((await del(`/api/capoarea/${id}`, admin)).statusCode).toBe(404);
    expect((await get('/api/capoarea', admin)).json().reccount).toBe(6);
  });
});
