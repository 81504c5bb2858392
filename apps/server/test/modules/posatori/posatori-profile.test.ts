import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../src/db/seed/demo.ts';
import { createTestContext, type TestContext } from '../../helpers.ts';
import { loginAs, type RoleClients } from '../../helpers-clients.ts';

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

const CORREGGERE = 'Attenzione, correggere i campi segnalati';

type Profile = Record<string, unknown> & { uuid: string; codfis: string; stato: string };
const profile = async (id: string, cookie = as.admin.cookie): Promise<Profile> => {
  const res = await as.withCookie(cookie).get(`/api/posatori/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const stored = (id: string) =>
  ctx.db.selectFrom('posatori').selectAll().where('uuid', '=', id).executeTakeFirstOrThrow();

/** An installer outside the demo area manager's reach and not the demo reseller's. */
async function outsider(extra: { stato?: 'OK' | 'SOSPESO' | 'INCOMPLETO' } = {}) {
  const demoCa = await ctx.db
    .selectFrom('capoarea')
    .innerJoin('users', 'users.uuid', 'capoarea.user_uuid')
    .select('capoarea.uuid')
    .where('users.username', '=', 'capoarea')
    .executeTakeFirstOrThrow();
  let q = ctx.db
    .selectFrom('posatori')
    .select('uuid')
    .where('state', 'not in', ['MI', 'BG', 'BS'])
    .where((eb) => eb.or([eb('capoarea', 'is', null), eb('capoarea', '<>', demoCa.uuid)]))
    .where('code', '<>', 'POS0001');
  if (extra.stato) q = q.where('stato', '=', extra.stato);
  return (await q.orderBy('code').executeTakeFirstOrThrow()).uuid;
}

/** An installer in the demo area manager's provinces that the demo reseller does not hold. */
async function insider() {
  const reseller = await ctx.db
    .selectFrom('rivenditori')
    .select('uuid')
    .where('ragsoc', '=', 'Ceramiche Lombarde S.r.l.')
    .executeTakeFirstOrThrow();
  return (
    await ctx.db
      .selectFrom('posatori')
      .select('uuid')
      .where('state', '=', 'BG')
      .where((eb) => eb.or([eb('rivenditore', 'is', null), eb('rivenditore', '<>', reseller.uuid)]))
      .orderBy('code')
      .executeTakeFirstOrThrow()
  ).uuid;
}

/** The profile as a form would send it back, with changes. */
async function edited(id: string, changes: Record<string, unknown>, cookie = as.admin.cookie) {
  return { ...(await profile(id, cookie)), ...changes };
}

describe('GET /api/posatori/{id}', () => {
  it('gives the admin the full profile of spec section 3', async () => {
    const p = await profile(mario);
    expect(Object.keys(p).sort()).toEqual(
      [
        'address',
        'azienda',
        'cap',
        'capoarea',
        'cell',
        'certificato',
        'city',
        'code',
        'codfis',
        'contoterzi',
        'coupon',
        'destipo',
        'diisocianati',
        'dtnasc',
        'dtstart',
        'email',
        'img',
        'lastname',
        'name',
        'phone',
        'piva',
        'ragsoc',
        'rivenditore',
        'stato',
        'state',
        'tipo',
        'userstato',
        'username',
        'uuid',
        'web',
        'website',
      ].sort(),
    );
    const reseller = await ctx.db
      .selectFrom('rivenditori')
      .select('uuid')
      .where('ragsoc', '=', 'Ceramiche Lombarde S.r.l.')
      .executeTakeFirstOrThrow();
    expect(p).toMatchObject({
      uuid: mario,
      name: 'Mario',
      lastname: 'Rossi',
      codfis: 'RSSMRA85T10A562S',
      dtnasc: '1985-12-10',
      code: 'POS0001',
      state: 'MI',
      username: 'posatore',
      stato: 'OK',
      userstato: 'active',
      coupon: 6,
      rivenditore: reseller.uuid,
    });
    expect(typeof p['certificato']).toBe('boolean');
    expect(p['capoarea']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 401 without a session, 400 for a malformed id and 404 for an unknown one', async () => {
    expect((await as.anonymous.get(`/api/posatori/${mario}`)).statusCode).toBe(401);
    expect((await as.admin.get('/api/posatori/42')).statusCode).toBe(400);
    expect((await as.admin.get('/api/posatori/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('lets the area manager read installers in scope only', async () => {
    expect((await as.capoarea.get(`/api/posatori/${mario}`)).statusCode).toBe(200);
    expect((await as.capoarea.get(`/api/posatori/${await insider()}`)).statusCode).toBe(200);
    const res = await as.capoarea.get(`/api/posatori/${await outsider()}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ res: 'KO', reason: 'Elemento non trovato' });
  });

  it('lets the reseller read only their installers', async () => {
    expect((await as.rivenditore.get(`/api/posatori/${mario}`)).statusCode).toBe(200);
    expect((await as.rivenditore.get(`/api/posatori/${await insider()}`)).statusCode).toBe(404);
  });

  it('lets the installer read only themselves', async () => {
    expect((await profile(mario, as.posatore.cookie)).username).toBe('posatore');
    expect((await as.posatore.get(`/api/posatori/${await insider()}`)).statusCode).toBe(404);
  });
});

describe('POST /api/posatori/{id}: the installer themselves', () => {
  it('saves their own profile', async () => {
    const body = await edited(
      mario,
      { address: 'Via Torino 5', phone: '02 1234567', codfis: 'rssmra85t10a562s'.toUpperCase() },
      as.posatore.cookie,
    );
    expect((await as.posatore.post(`/api/posatori/${mario}`, body)).json()).toEqual({ res: 'OK' });
    expect((await stored(mario)).address).toBe('Via Torino 5');
  });

  it('cannot change registry fields nor server-owned ones', async () => {
    const before = await stored(mario);
    const other = await ctx.db
      .selectFrom('capoarea')
      .select('uuid')
      .where('uuid', '<>', before.capoarea!)
      .executeTakeFirstOrThrow();
    const body = await edited(
      mario,
      {
        tipo: before.tipo === 'MASTER' ? 'BASE' : 'MASTER',
        certificato: before.certificato !== 1,
        azienda: 'Altra Azienda',
        diisocianati: before.diisocianati !== 1,
        code: 'HACK',
        capoarea: other.uuid,
        rivenditore: '',
        stato: 'SOSPESO',
        username: 'admin',
        userstato: 'disabled',
        img: '/api/files/posatori/x/profile/y.jpg',
        coupon: 99,
        uuid: '00000000-0000-4000-8000-000000000000',
        roles: ['admin'],
        city: 'Monza',
      },
      as.posatore.cookie,
    );
    expect((await as.posatore.post(`/api/posatori/${mario}`, body)).json()).toEqual({ res: 'OK' });
    const after = await stored(mario);
    expect(after).toMatchObject({
      tipo: before.tipo,
      certificato: before.certificato,
      azienda: before.azienda,
      diisocianati: before.diisocianati,
      code: 'POS0001',
      capoarea: before.capoarea,
      rivenditore: before.rivenditore,
      stato: 'OK',
      img: before.img,
      user_uuid: before.user_uuid,
      city: 'Monza',
    });
    const user = await ctx.db
      .selectFrom('users')
      .select('username')
      .where('uuid', '=', before.user_uuid!)
      .executeTakeFirstOrThrow();
    expect(user.username).toBe('posatore');
    expect(
      await ctx.db.selectFrom('user_roles').select('role').where('user_uuid', '=', before.user_uuid!).execute(),
    ).toEqual([{ role: 'posatore' }]);
  });

  it('cannot save another installer by changing the id in the URL', async () => {
    const target = await insider();
    const before = await stored(target);
    const body = await edited(mario, { name: 'Intruso' }, as.posatore.cookie);
    const res = await as.posatore.post(`/api/posatori/${target}`, body);
    expect(res.statusCode).toBe(404);
    expect((await stored(target)).name).toBe(before.name);
  });

  it('refuses a wrong check character with the form message and the field', async () => {
    const res = await as.posatore.post(
      `/api/posatori/${mario}`,
      await edited(mario, { codfis: 'RSSMRA85T10A562X' }, as.posatore.cookie),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ res: 'KO', reason: CORREGGERE, fields: { codfis: 'Codice fiscale non valido' } });
  });

  it('accepts an omocodic form and an 11-digit code checked as a partita IVA', async () => {
    // RSSMRA85T10A562S with the last digit of the place code turned into its letter (2 -> N): check letter recomputed.
    for (const codfis of ['RSSMRA85T10A56NH', '01114601006']) {
      const res = await as.posatore.post(`/api/posatori/${mario}`, await edited(mario, { codfis }, as.posatore.cookie));
      expect(res.json(), codfis).toEqual({ res: 'OK' });
    }
    const bad = await as.posatore.post(
      `/api/posatori/${mario}`,
      await edited(mario, { codfis: '01114601007' }, as.posatore.cookie),
    );
    expect(bad.json()).toEqual({ res: 'KO', reason: CORREGGERE, fields: { codfis: 'Codice fiscale non valido' } });
  });

  it('an empty codice fiscale passes the tax-code check but the installer form requires the field', async () => {
    const res = await as.posatore.post(
      `/api/posatori/${mario}`,
      await edited(mario, { codfis: '' }, as.posatore.cookie),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ codfis: 'Campo obbligatorio' });
  });

  it('checks every rule of spec section 5 at once', async () => {
    const res = await as.posatore.post(
      `/api/posatori/${mario}`,
      await edited(
        mario,
        {
          name: '',
          dtnasc: '',
          cap: '123',
          email: 'mario@',
          phone: '',
          cell: '',
          piva: '12345678901',
          state: '',
        },
        as.posatore.cookie,
      ),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      res: 'KO',
      reason: CORREGGERE,
      fields: {
        name: 'Campo obbligatorio',
        dtnasc: 'Campo obbligatorio',
        cap: 'Il CAP deve essere di 5 cifre',
        email: 'Indirizzo e-mail non valido',
        piva: 'Partita IVA non valida',
        state: 'Campo obbligatorio',
        phone: 'Indicare almeno un telefono o un cellulare',
        cell: 'Indicare almeno un telefono o un cellulare',
      },
    });
  });

  it('accepts a missing lastname and only one of phone or cell', async () => {
    const res = await as.posatore.post(
      `/api/posatori/${mario}`,
      await edited(mario, { lastname: '', phone: '', cell: '333 1234567' }, as.posatore.cookie),
    );
    expect(res.json()).toEqual({ res: 'OK' });
    await as.posatore.post(
      `/api/posatori/${mario}`,
      await edited(mario, { lastname: 'Rossi', codfis: 'RSSMRA85T10A562S' }, as.posatore.cookie),
    );
  });

  it('refuses wrong types and sizes with the same message', async () => {
    for (const changes of [
      { certificato: 'si' },
      { cap: '20I21' },
      { phone: '02-ABC' },
      { name: 'x'.repeat(101) },
      { dtnasc: '10/12/1985' },
    ]) {
      const res = await as.posatore.post(`/api/posatori/${mario}`, await edited(mario, changes, as.posatore.cookie));
      expect(res.statusCode, JSON.stringify(changes)).toBe(400);
      expect(res.json().reason).toBe(CORREGGERE);
      expect(Object.keys(res.json().fields)).toEqual(Object.keys(changes));
    }
  });

  it('becomes OK once an incomplete profile passes the rules', async () => {
    const incomplete = await ctx.db
      .selectFrom('posatori')
      .innerJoin('users', 'users.uuid', 'posatori.user_uuid')
      .select(['posatori.uuid', 'users.username'])
      .where('posatori.stato', '=', 'INCOMPLETO')
      .where('users.stato', '=', 'active')
      .where('posatori.codfis', '=', '')
      .executeTakeFirstOrThrow();
    const cookie = await as.login(incomplete.username, DEMO_PASSWORD);
    const body = await edited(
      incomplete.uuid,
      { codfis: '01114601006', dtnasc: '1980-01-01', phone: '02 555' },
      cookie.cookie,
    );
    expect((await cookie.post(`/api/posatori/${incomplete.uuid}`, body)).json()).toEqual({ res: 'OK' });
    expect((await stored(incomplete.uuid)).stato).toBe('OK');
    expect((await cookie.get('/api/avatar')).json().stato).toBe('OK');
  });
});

describe('POST /api/posatori/{id}: area manager and reseller', () => {
  it('the area manager saves an installer in scope with the same rules, diisocianati included', async () => {
    const id = await insider();
    const before = await stored(id);
    const bad = await as.capoarea.post(
      `/api/posatori/${id}`,
      await edited(id, { codfis: 'RSSMRA85T10A562X' }, as.capoarea.cookie),
    );
    expect(bad.json()).toEqual({ res: 'KO', reason: CORREGGERE, fields: { codfis: 'Codice fiscale non valido' } });
    const body = await edited(
      id,
      {
        codfis: 'RSSMRA85T10A562S',
        dtnasc: '1985-12-10',
        phone: '035 123456',
        diisocianati: before.diisocianati !== 1,
        tipo: 'ESPERTO',
      },
      as.capoarea.cookie,
    );
    expect((await as.capoarea.post(`/api/posatori/${id}`, body)).json()).toEqual({ res: 'OK' });
    expect(await stored(id)).toMatchObject({ diisocianati: before.diisocianati === 1 ? 0 : 1, tipo: 'ESPERTO' });
  });

  it('the area manager cannot save outside their scope', async () => {
    const id = await outsider();
    const res = await as.capoarea.post(`/api/posatori/${id}`, await edited(id, { name: 'Fuori' }));
    expect(res.statusCode).toBe(404);
    expect((await stored(id)).name).not.toBe('Fuori');
  });

  it('the reseller reads their installers but may not save them', async () => {
    const res = await as.rivenditore.post(
      `/api/posatori/${mario}`,
      await edited(mario, { name: 'Riv' }, as.rivenditore.cookie),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ res: 'KO', reason: 'Operazione non consentita' });
    expect((await as.rivenditore.post(`/api/posatori/${await insider()}`, await edited(mario, {}))).statusCode).toBe(
      404,
    );
    expect((await stored(mario)).name).toBe('Mario');
  });

  it('answers 401 without a session', async () => {
    expect((await as.anonymous.post(`/api/posatori/${mario}`, await edited(mario, {}))).statusCode).toBe(401);
  });
});

describe('POST /api/posatori/{id}: admin, rules off', () => {
  it('saves an incomplete record, which becomes INCOMPLETO', async () => {
    const id = await outsider({ stato: 'OK' });
    const body = await edited(id, {
      name: '',
      codfis: '',
      email: '',
      phone: '',
      cell: '',
      certificato: true,
      code: 'ADM01',
    });
    expect((await as.admin.post(`/api/posatori/${id}`, body)).json()).toEqual({ res: 'OK' });
    expect(await stored(id)).toMatchObject({
      name: '',
      codfis: '',
      email: '',
      certificato: 1,
      code: 'ADM01',
      stato: 'INCOMPLETO',
    });
  });

  it('refuses an e-mail that is not one address, rules off or not: every notification would go to each of them', async () => {
    const id = await outsider();
    const before = (await stored(id)).email;
    for (const email of ['a@example.it, spia@evil.example', 'a@example.it;spia@evil.example', 'non-una-mail']) {
      const res = await as.admin.post(`/api/posatori/${id}`, await edited(id, { email }));
      expect(res.statusCode, email).toBe(400);
      expect(res.json()).toEqual({ res: 'KO', reason: CORREGGERE, fields: { email: 'Indirizzo e-mail non valido' } });
    }
    expect((await stored(id)).email).toBe(before);
  });

  it('keeps a suspended installer suspended', async () => {
    const id = await outsider({ stato: 'SOSPESO' });
    expect((await as.admin.post(`/api/posatori/${id}`, await edited(id, { city: 'Sospesa' }))).json()).toEqual({
      res: 'OK',
    });
    expect((await stored(id)).stato).toBe('SOSPESO');
  });

  it('still refuses over-long fields and wrong types', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'n'.repeat(101) }, 'Massimo 100 caratteri'],
      [{ lastname: 'l'.repeat(101) }, 'Massimo 100 caratteri'],
      [{ address: 'a'.repeat(201) }, 'Massimo 200 caratteri'],
      [{ website: 'w'.repeat(201) }, 'Massimo 200 caratteri'],
      [{ state: 'XX' }, 'Provincia non valida'],
      [{ dtnasc: '2023-02-30' }, 'Data non valida'],
      [{ dtstart: '2023-02-15' }, 'Mese non valido'],
      [{ codfis: 'rssmra85t10a562s' }, 'Usare solo lettere maiuscole e cifre'],
    ];
    for (const [changes, message] of cases) {
      const res = await as.admin.post(`/api/posatori/${mario}`, await edited(mario, changes));
      expect(res.statusCode, JSON.stringify(changes)).toBe(400);
      expect(res.json()).toEqual({ res: 'KO', reason: CORREGGERE, fields: { [Object.keys(changes)[0]!]: message } });
    }
    for (const changes of [{ web: 1 }, { capoarea: 'nessuno' }, { name: null }]) {
      const res = await as.admin.post(`/api/posatori/${mario}`, await edited(mario, changes));
      expect(res.statusCode, JSON.stringify(changes)).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual(Object.keys(changes));
    }
    const { name: _name, ...missing } = await profile(mario);
    expect((await as.admin.post(`/api/posatori/${mario}`, missing)).json().fields).toHaveProperty('name');
    expect((await as.admin.post(`/api/posatori/${mario}`, [1, 2])).statusCode).toBe(400);
    expect((await stored(mario)).name).toBe('Mario');
  });

  it('refuses unknown qualification, area manager or reseller', async () => {
    const res = await as.admin.post(
      `/api/posatori/${mario}`,
      await edited(mario, {
        tipo: 'NINJA',
        capoarea: '00000000-0000-4000-8000-000000000000',
        rivenditore: '00000000-0000-4000-8000-000000000001',
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      res: 'KO',
      reason: CORREGGERE,
      fields: { tipo: 'Qualifica non valida', capoarea: 'Capo area non valido', rivenditore: 'Rivenditore non valido' },
    });
  });

  it('assigns area manager and reseller, or none', async () => {
    const verona = await ctx.db
      .selectFrom('rivenditori')
      .select(['uuid', 'capoarea'])
      .where('ragsoc', '=', 'Scaligera Rivestimenti S.r.l.')
      .executeTakeFirstOrThrow();
    const id = await outsider();
    expect(
      (await as.admin.post(`/api/posatori/${id}`, await edited(id, { rivenditore: verona.uuid, capoarea: '' }))).json(),
    ).toEqual({ res: 'OK' });
    expect(await stored(id)).toMatchObject({ rivenditore: verona.uuid, capoarea: null });
    expect((await profile(id)).capoarea).toBe('');
  });
});

describe('DELETE /api/posatore/{id}', () => {
  it('answers 401 without a session and 403 to resellers and installers', async () => {
    expect((await as.anonymous.delete(`/api/posatore/${mario}`)).statusCode).toBe(401);
    expect((await as.rivenditore.delete(`/api/posatore/${mario}`)).statusCode).toBe(403);
    expect((await as.posatore.delete(`/api/posatore/${mario}`)).statusCode).toBe(403);
    expect((await stored(mario)).uuid).toBe(mario);
  });

  it('the area manager deletes in scope only', async () => {
    const out = await outsider();
    expect((await as.capoarea.delete(`/api/posatore/${out}`)).statusCode).toBe(404);
    expect((await stored(out)).uuid).toBe(out);
    const id = await insider();
    expect((await as.capoarea.delete(`/api/posatore/${id}`)).json()).toEqual({ res: 'OK' });
    expect((await as.admin.get(`/api/posatori/${id}`)).statusCode).toBe(404);
    expect((await as.capoarea.delete(`/api/posatore/${id}`)).statusCode).toBe(404);
  });

  it('takes the login account, its sessions and the coupons with the installer', async () => {
    const victim = await ctx.db
      .selectFrom('posatori')
      .innerJoin('users', 'users.uuid', 'posatori.user_uuid')
      .select(['posatori.uuid', 'users.username', 'users.uuid as user_uuid'])
      .where('users.stato', '=', 'active')
      .where('posatori.code', '<>', 'POS0001')
      .where((eb) =>
        eb.exists(eb.selectFrom('coupons').select('coupons.uuid').whereRef('coupons.posatore', '=', 'posatori.uuid')),
      )
      .executeTakeFirstOrThrow();
    const session = await as.login(victim.username, DEMO_PASSWORD);
    expect((await session.get('/api/avatar')).statusCode).toBe(200);
    expect((await as.admin.delete(`/api/posatore/${victim.uuid}`)).json()).toEqual({ res: 'OK' });
    expect((await session.get('/api/avatar')).statusCode).toBe(401);
    const attempt = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { user: victim.username, pwd: DEMO_PASSWORD },
    });
    expect(attempt.json()).toEqual({ res: 'KO' });
    expect(await ctx.db.selectFrom('users').select('uuid').where('uuid', '=', victim.user_uuid).execute()).toEqual([]);
    expect(await ctx.db.selectFrom('coupons').select('uuid').where('posatore', '=', victim.uuid).execute()).toEqual([]);
  });

  it('keeps an account that holds another role, without the installer role', async () => {
    const id = await outsider();
    const row = await stored(id);
    const userUuid =
      row.user_uuid ??
      (await (async () => {
        const u = (
          await ctx.db
            .selectFrom('users')
            .select('uuid')
            .where('username', '=', 'capoarea.nordest')
            .executeTakeFirstOrThrow()
        ).uuid;
        await ctx.db.updateTable('posatori').set({ user_uuid: u }).where('uuid', '=', id).execute();
        await ctx.db.insertInto('user_roles').values({ user_uuid: u, role: 'posatore' }).execute();
        return u;
      })());
    await ctx.db
      .insertInto('user_roles')
      .values({ user_uuid: userUuid, role: 'rivenditori' })
      .onConflict((oc) => oc.doNothing())
      .execute();
    expect((await as.admin.delete(`/api/posatore/${id}`)).json()).toEqual({ res: 'OK' });
    const roles = await ctx.db.selectFrom('user_roles').select('role').where('user_uuid', '=', userUuid).execute();
    expect(roles.map((r) => r.role)).not.toContain('posatore');
    expect(roles.length).toBeGreaterThan(0);
  });
});
