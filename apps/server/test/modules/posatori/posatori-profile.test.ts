import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../src/db/seed/demo.ts';
import {
  as,
  ctx,
  mario,
  CORREGGERE,
  profile,
  stored,
  outsider,
  insider,
  edited,
  useProfileDatabase,
} from './posatori-profile-fixtures.ts';

useProfileDatabase();

describe('GET /api/posatori/{id}', () => {
  it('gives the admin the full profile of the spec', async () => {
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
    expect((await profile(mario, as.posatore)).username).toBe('posatore');
    expect((await as.posatore.get(`/api/posatori/${await insider()}`)).statusCode).toBe(404);
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
