import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountStati } from '@portal/shared/schemas/posatori';
import { DEMO_PASSWORD } from '../../../src/db/seed/demo.ts';
import { insertUser } from '../../../src/modules/auth/users.repository.ts';
import { createTestContext, type TestContext } from '../../helpers.ts';
import { loginAs, type ApiClient, type RoleClients } from '../../helpers-clients.ts';

/** The installer's lifecycle and the registry fields the admin owns. */

let ctx: TestContext;
let as: RoleClients;
let mario: string;
beforeAll(async () => {
  ctx = await createTestContext();
  as = await loginAs(ctx);
  mario = (await ctx.db.selectFrom('posatori').select('uuid').where('code', '=', 'POS0001').executeTakeFirstOrThrow())
    .uuid;
});
afterAll(() => ctx.close());

const profile = async (id: string, client: ApiClient = as.admin) => (await client.get(`/api/posatori/${id}`)).json();

/** A fresh installer with a login, complete by the installer rules (stato OK), in the demo area manager's MI. */
async function freshInstaller(code: string): Promise<{ uuid: string; username: string }> {
  const base = await ctx.db.selectFrom('posatori').selectAll().where('uuid', '=', mario).executeTakeFirstOrThrow();
  const uuid = crypto.randomUUID();
  const username = `prova.${code.toLowerCase()}@esempio.it`;
  const hash = (
    await ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('username', '=', 'posatore')
      .executeTakeFirstOrThrow()
  ).password_hash;
  const now = new Date().toISOString();
  const userUuid = await insertUser(
    ctx.db,
    { username, email: username, passwordHash: hash, stato: 'active', roles: ['posatore'] },
    now,
  );
  await ctx.db
    .insertInto('posatori')
    .values({ ...base, uuid, user_uuid: userUuid, code, email: username, created_at: now, updated_at: now })
    .execute();
  return { uuid, username };
}

describe('suspend and reinstate (admin)', () => {
  it('suspends: the installer sees what a non-OK installer sees; reinstating recomputes OK', async () => {
    const p = await freshInstaller('SOSP01');
    const own = await as.login(p.username, DEMO_PASSWORD);
    expect((await own.get('/api/avatar')).json().stato).toBe('OK');

    const suspended = await as.admin.post(`/api/posatori/${p.uuid}/sospensione`, { sospeso: true });
    expect(suspended.json()).toEqual({ res: 'OK', stato: 'SOSPESO' });
    expect((await own.get('/api/avatar')).json().stato).toBe('SOSPESO');
    // The installer's own save keeps the suspension.
    const mine = await profile(p.uuid, own);
    expect((await own.post(`/api/posatori/${p.uuid}`, mine)).statusCode).toBe(200);
    expect((await profile(p.uuid)).stato).toBe('SOSPESO');

    expect((await as.admin.post(`/api/posatori/${p.uuid}/sospensione`, { sospeso: false })).json()).toEqual({
      res: 'OK',
      stato: 'OK',
    });
    expect((await own.get('/api/avatar')).json().stato).toBe('OK');
  });

  it('reinstating an incomplete profile gives INCOMPLETO back', async () => {
    const p = await freshInstaller('SOSP02');
    await ctx.db.updateTable('posatori').set({ codfis: '', stato: 'SOSPESO' }).where('uuid', '=', p.uuid).execute();
    expect((await as.admin.post(`/api/posatori/${p.uuid}/sospensione`, { sospeso: false })).json().stato).toBe(
      'INCOMPLETO',
    );
  });

  it('only the admin decides: 401, 403 to the other roles, 404 unknown, 400 bad body', async () => {
    const url = `/api/posatori/${mario}/sospensione`;
    expect((await ctx.app.inject({ method: 'POST', url, payload: { sospeso: true } })).statusCode).toBe(401);
    for (const client of [as.capoarea, as.rivenditore, as.posatore]) {
      expect((await client.post(url, { sospeso: true })).statusCode).toBe(403);
    }
    expect(
      (await as.admin.post(`/api/posatori/${crypto.randomUUID()}/sospensione`, { sospeso: true })).statusCode,
    ).toBe(404);
    const bad = await as.admin.post(url, { sospeso: 'sì' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('sospeso');
    expect((await profile(mario)).stato).toBe('OK');
  });
});

describe("the installer's login switch (admin)", () => {
  it('disables the login at once and re-enables it', async () => {
    const p = await freshInstaller('ACC01');
    const own = await as.login(p.username, DEMO_PASSWORD);
    const off = await as.admin.post(`/api/posatori/${p.uuid}/accesso`, { stato: 'disabled' });
    expect(off.json()).toEqual({ res: 'OK', stato: 'disabled' });
    expect((await own.get('/api/avatar')).statusCode).toBe(401);
    expect((await as.withCookie('').post('/auth/login', { user: p.username, pwd: DEMO_PASSWORD })).json()).toEqual({
      res: 'KO',
    });
    expect((await profile(p.uuid)).userstato).toBe('disabled');

    expect((await as.admin.post(`/api/posatori/${p.uuid}/accesso`, { stato: 'active' })).json().stato).toBe('active');
    expect((await as.withCookie('').post('/auth/login', { user: p.username, pwd: DEMO_PASSWORD })).json().res).toBe(
      'OK',
    );
  });

  it('an installer without a login has nothing to switch: 400', async () => {
    const orphan = await ctx.db
      .selectFrom('posatori')
      .select('uuid')
      .where('user_uuid', 'is', null)
      .executeTakeFirstOrThrow();
    const res = await as.admin.post(`/api/posatori/${orphan.uuid}/accesso`, { stato: 'disabled' });
    expect(res.statusCode).toBe(400);
    expect(res.json().reason).toBe('Nessun account associato');
  });

  it('is refused to the other roles', async () => {
    for (const client of [as.capoarea, as.rivenditore, as.posatore]) {
      expect((await client.post(`/api/posatori/${mario}/accesso`, { stato: 'disabled' })).statusCode).toBe(403);
    }
  });
});

describe('the list: each filter selects what its column shows', () => {
  it('accesso selects by the status dot, stato by the profile chip', async () => {
    for (const accesso of accountStati) {
      const page = (await as.admin.get(`/api/posatori?accesso=${accesso}&size=200`)).json();
      expect(page.reccount, accesso).toBeGreaterThan(0);
      for (const row of page.data) expect(row.userstato).toBe(accesso);
    }
    const active = (await as.admin.get('/api/posatori?accesso=active&stato=OK&size=200')).json();
    for (const row of active.data) expect([row.userstato, row.stato]).toEqual(['active', 'OK']);
    const counts = await Promise.all(
      accountStati.map(
        async (a) => (await as.admin.get(`/api/posatori?accesso=${a}&size=1`)).json().reccount as number,
      ),
    );
    expect(counts.reduce((a, b) => a + b, 0)).toBe((await as.admin.get('/api/posatori?size=1')).json().reccount);
  });

  it('the profile states read differently from the account states', async () => {
    const labels = (await as.admin.get('/api/cbostato')).json().map((o: { label: string }) => o.label);
    expect(labels).toEqual(['In regola', 'Incompleto', 'Sospeso']);
    expect(labels).not.toContain('Attivo');
  });
});

describe("code and company are the admin's", () => {
  it('the admin sets and corrects them; a code already held is a clear Italian error', async () => {
    const p = await freshInstaller('COD01');
    const record = await profile(p.uuid);
    const saved = await as.admin.post(`/api/posatori/${p.uuid}`, {
      ...record,
      code: ' COD-NUOVO ',
      azienda: 'Posa Nuova S.r.l.',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await profile(p.uuid)).toMatchObject({ code: 'COD-NUOVO', azienda: 'Posa Nuova S.r.l.' });

    const taken = await as.admin.post(`/api/posatori/${p.uuid}`, { ...record, code: 'POS0001' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({
      res: 'KO',
      reason: 'Attenzione, correggere i campi segnalati',
      fields: { code: 'Questo codice è già assegnato a un altro posatore' },
    });
    // An empty code is not a code: many installers may have none.
    expect((await as.admin.post(`/api/posatori/${p.uuid}`, { ...record, code: '' })).statusCode).toBe(200);
  });

  it('the database refuses a duplicate code too, whatever the path', async () => {
    const p = await freshInstaller('COD02');
    await expect(
      ctx.db.updateTable('posatori').set({ code: 'POS0001' }).where('uuid', '=', p.uuid).execute(),
    ).rejects.toThrow();
  });

  it('the area manager and the installer keep them as stored', async () => {
    const record = await profile(mario, as.capoarea);
    expect(
      (await as.capoarea.post(`/api/posatori/${mario}`, { ...record, code: 'CA-CAMBIA', azienda: 'Altra' })).statusCode,
    ).toBe(200);
    const own = await profile(mario, as.posatore);
    expect(
      (await as.posatore.post(`/api/posatori/${mario}`, { ...own, code: 'IO-CAMBIO', azienda: 'Mia' })).statusCode,
    ).toBe(200);
    expect(await profile(mario)).toMatchObject({ code: 'POS0001', azienda: record.azienda });
  });
});

describe("the manufacturer's records are read-only for the installer", () => {
  it('last course date and certificate stay as stored on the own save', async () => {
    const before = await profile(mario, as.posatore);
    const res = await as.posatore.post(`/api/posatori/${mario}`, {
      ...before,
      dtstart: '2030-01-01',
      certificato: !before.certificato,
    });
    expect(res.statusCode).toBe(200);
    expect(await profile(mario)).toMatchObject({ dtstart: before.dtstart, certificato: before.certificato });
  });
});
