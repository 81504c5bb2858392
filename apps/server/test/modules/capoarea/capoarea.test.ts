import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../src/db/seed/demo.ts';
import { areaManagerBody, createTestContext, login, readOutbox, resetIdOf, type TestContext } from '../../helpers.ts';
import { loginAs, type RoleClients } from '../../helpers-clients.ts';

let ctx: TestContext;
let as: RoleClients;
beforeAll(async () => {
  ctx = await createTestContext();
  as = await loginAs(ctx);
});
afterAll(() => ctx.close());

const NOBODY = '00000000-0000-4000-8000-000000000000';

const uuidOf = async (name: string) =>
  (await ctx.db.selectFrom('capoarea').select('uuid').where('name', '=', name).executeTakeFirstOrThrow()).uuid;

describe('area manager list', () => {
  it('is the admin’s only: 401 without a session, 403 to every other role', async () => {
    for (const client of [as.capoarea, as.rivenditore, as.posatore]) {
      expect((await client.get('/api/capoarea')).statusCode).toBe(403);
      expect((await client.get(`/api/capoarea/${await uuidOf('Giorgio')}`)).statusCode).toBe(403);
      expect((await client.post('/api/capoarea', areaManagerBody())).statusCode).toBe(403);
      expect((await client.post(`/api/capoarea/${await uuidOf('Giorgio')}`, areaManagerBody())).statusCode).toBe(403);
      expect((await client.delete(`/api/capoarea/${await uuidOf('Elisa')}`)).statusCode).toBe(403);
      expect(
        (await client.post(`/api/capoarea/${await uuidOf('Elisa')}/stato`, { stato: 'disabled' })).statusCode,
      ).toBe(403);
    }
    expect((await as.anonymous.get('/api/capoarea')).statusCode).toBe(401);
  });

  it('lists every area manager with Nome, Provincia and the account stato', async () => {
    const res = await as.admin.get('/api/capoarea');
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
    expect((await as.admin.get('/api/capoarea?size=4&page=2')).json()).toMatchObject({ page: 2, pages: 2 });
  });

  it('filters by name (fname) and by province (fstate)', async () => {
    const names = async (query: string) =>
      (await as.admin.get(`/api/capoarea?${query}`)).json().data.map((r: { ragsoc: string }) => r.ragsoc);
    expect(await names('fname=valli')).toEqual(['Giorgio Valli']);
    expect(await names('fname=valli%20giorgio')).toEqual(['Giorgio Valli']);
    expect(await names('fstate=BG')).toEqual(['Giorgio Valli']);
    expect(await names('fstate=VR')).toEqual(['Elisa Martini']);
    expect(await names('fstate=AO')).toEqual([]);
    expect((await as.admin.get('/api/capoarea?fstate=bergamo')).statusCode).toBe(400);
  });
});

describe('area manager record', () => {
  it('reads the record with provinces, read-only username and stato', async () => {
    const res = await as.admin.get(`/api/capoarea/${await uuidOf('Giorgio')}`);
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
    expect((await as.admin.get(`/api/capoarea/${NOBODY}`)).statusCode).toBe(404);
    expect((await as.admin.get('/api/capoarea/nuovo')).statusCode).toBe(400);
  });

  it('applies the area-manager rules of the spec, answered as the reason of Errore: {reason}', async () => {
    const empty = await as.admin.post(
      '/api/capoarea',
      areaManagerBody({ name: '', lastname: '', address: '', city: '', cap: '', state: '', email: '' }),
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
      const res = await as.admin.post('/api/capoarea', areaManagerBody(change));
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json(), JSON.stringify(change)).toEqual({ res: 'KO', reason: message, fields: { [field]: message } });
    }
  });

  it('creates the area manager with two provinces and an account in requested; activation turns it active', async () => {
    const res = await as.admin.post('/api/capoarea', areaManagerBody({ email: 'Sofia.Galli@Esempio.it' }));
    expect(res.statusCode, res.body).toBe(200);
    const { uuid } = res.json();
    const created = (await as.admin.get(`/api/capoarea/${uuid}`)).json();
    expect(created).toMatchObject({
      ragsoc: 'Sofia Galli',
      username: 'sofia.galli@esempio.it',
      provs: ['CO', 'LC'],
      stato: 'requested',
    });
    expect((await as.admin.get('/api/capoarea?fstate=LC')).json().data.map((r: { uuid: string }) => r.uuid)).toEqual([
      uuid,
    ]);
    expect((await as.admin.get('/api/cbocapoarea?prov=LC')).json()).toEqual([{ value: uuid, label: 'Sofia Galli' }]);
    // The same e-mail again: the login name is taken.
    const again = await as.admin.post('/api/capoarea', areaManagerBody({ email: 'sofia.galli@esempio.it' }));
    expect(again.json()).toEqual({
      res: 'KO',
      reason: 'Esiste già un utente con questa email',
      fields: { email: 'Esiste già un utente con questa email' },
    });

    // Nor may it reuse the e-mail of an existing account named otherwise (login by e-mail needs it unique).
    const adminEmail = await as.admin.post('/api/capoarea', areaManagerBody({ email: 'ADMIN@portale-posatori.it' }));
    expect(adminEmail.json()).toMatchObject({ res: 'KO', fields: { email: 'Esiste già un utente con questa email' } });

    expect((await as.admin.post('/auth/admin/resetpassword', { user: uuid })).json()).toEqual({ res: 'OK' });
    const mail = readOutbox(ctx.outbox).at(-1)!;
    expect(mail.to).toContain('sofia.galli@esempio.it');
    expect(mail.subject).toBe('Portale Posatori - Attivazione account');
    const done = await as.anonymous.post('/auth/resetpwd', { pid: resetIdOf(mail.link), ppwd: 'piastrelle-lariane' });
    expect(done.json()).toEqual({ res: 'OK' });
    expect((await as.admin.get(`/api/capoarea/${uuid}`)).json().stato).toBe('active');
    const sofia = await as.login('sofia.galli@esempio.it', 'piastrelle-lariane');
    expect((await sofia.get('/api/myprofile')).json()).toMatchObject({ role: 'capoarea', uuid, provs: ['CO', 'LC'] });
  });

  it('saves the record and the provinces; ragsoc follows the name, the username stays', async () => {
    const id = await uuidOf('Marta');
    const current = (await as.admin.get(`/api/capoarea/${id}`)).json();
    const res = await as.admin.post(`/api/capoarea/${id}`, {
      ...current,
      name: 'Martina',
      email: 'martina.ciccone@esempio.it',
      provs: ['AN', 'MC'],
      username: 'hacker',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ res: 'OK' });
    const after = (await as.admin.get(`/api/capoarea/${id}`)).json();
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
    expect((await as.admin.get('/api/cbocapoarea?prov=PE')).json()).toEqual([]);
    expect((await as.admin.post(`/api/capoarea/${id}`, { ...current, cap: '' })).json().reason).toBe(
      'Campo obbligatorio',
    );
    expect((await as.admin.post(`/api/capoarea/${NOBODY}`, current)).statusCode).toBe(404);
  });
});

describe('disabling an area manager', () => {
  it('refuses login and ends open sessions; re-enabling lets them back in', async () => {
    const id = await uuidOf('Davide');
    const open = await as.login('capoarea.nordovest', DEMO_PASSWORD);
    expect((await open.get('/api/partner_ca')).statusCode).toBe(200);
    const off = await as.admin.post(`/api/capoarea/${id}/stato`, { stato: 'disabled' });
    expect(off.json()).toEqual({ res: 'OK', stato: 'disabled' });
    expect((await open.get('/api/partner_ca')).statusCode).toBe(401);
    await expect(login(ctx.app, 'capoarea.nordovest', DEMO_PASSWORD)).rejects.toThrow();
    expect((await as.admin.get(`/api/capoarea/${id}`)).json().stato).toBe('disabled');
    const on = await as.admin.post(`/api/capoarea/${id}/stato`, { stato: 'active' });
    expect(on.json()).toEqual({ res: 'OK', stato: 'active' });
    const back = await as.login('capoarea.nordovest', DEMO_PASSWORD);
    expect((await back.get('/api/partner_ca')).statusCode).toBe(200);
  });

  it('an account that never set a password goes back to requested', async () => {
    const id = await uuidOf('Piero');
    expect((await as.admin.post(`/api/capoarea/${id}/stato`, { stato: 'disabled' })).json().stato).toBe('disabled');
    expect((await as.admin.post(`/api/capoarea/${id}/stato`, { stato: 'active' })).json().stato).toBe('requested');
    expect((await as.admin.post(`/api/capoarea/${id}/stato`, { stato: 'requested' })).statusCode).toBe(400);
    expect((await as.admin.post(`/api/capoarea/${NOBODY}/stato`, { stato: 'active' })).statusCode).toBe(404);
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
    const open = await as.login('capoarea.nordest', DEMO_PASSWORD);

    expect((await as.admin.delete(`/api/capoarea/${id}`)).json()).toEqual({ res: 'OK' });
    expect((await as.admin.get(`/api/capoarea/${id}`)).statusCode).toBe(404);
    expect((await as.admin.get(`/api/posatori/${installer.uuid}`)).json().capoarea).toBe('');
    expect((await as.admin.get(`/api/rivenditore/${reseller.uuid}`)).json().capoarea).toBe('');
    expect((await as.admin.get(`/api/partner/${partner.uuid}`)).json().capoarea).toBe('');
    expect(await ctx.db.selectFrom('capoarea_provs').select('prov').where('capoarea_uuid', '=', id).execute()).toEqual(
      [],
    );
    expect(
      await ctx.db.selectFrom('users').select('uuid').where('username', '=', 'capoarea.nordest').executeTakeFirst(),
    ).toBeUndefined();
    expect((await open.get('/api/partner_ca')).statusCode).toBe(401);
    await expect(login(ctx.app, 'capoarea.nordest', DEMO_PASSWORD)).rejects.toThrow();
    expect((await as.admin.delete(`/api/capoarea/${id}`)).statusCode).toBe(404);
    expect((await as.admin.get('/api/capoarea')).json().reccount).toBe(6);
  });
});
