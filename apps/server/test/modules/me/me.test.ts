import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../helpers.ts';
import { loginAs, type RoleClients } from '../../helpers-clients.ts';

let ctx: TestContext;
let as: RoleClients;
beforeAll(async () => {
  ctx = await createTestContext();
  as = await loginAs(ctx);
});
afterAll(() => ctx.close());

describe('GET /api/avatar and /api/me', () => {
  it.each(['/api/avatar', '/api/me'])('%s answers 401 without a session', async (url) => {
    const res = await as.anonymous.get(url);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ res: 'KO', reason: expect.any(String) });
  });

  it('gives the installer stato and coupon count, and their unread messages', async () => {
    expect((await as.posatore.get('/api/avatar')).json()).toEqual({
      msgcount: 3,
      img: '',
      name: 'Mario Rossi',
      stato: 'OK',
      ccoupon: 6,
    });
    const me = (await as.posatore.get('/api/me')).json();
    expect(me).toMatchObject({
      role: 'posatore',
      username: 'posatore',
      name: 'Mario',
      lastname: 'Rossi',
      email: 'mario.rossi@esempio.it',
      city: 'Milano',
      state: 'MI',
    });
    expect(me.destipo).not.toBe('');
    expect(me).not.toHaveProperty('codfis');
  });

  it('counts only unread messages', async () => {
    const user = await ctx.db
      .selectFrom('users')
      .select('uuid')
      .where('username', '=', 'posatore')
      .executeTakeFirstOrThrow();
    const one = await ctx.db
      .selectFrom('message_recipients')
      .select('message_uuid')
      .where('user_uuid', '=', user.uuid)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    await ctx.db
      .updateTable('message_recipients')
      .set({ read_at: new Date().toISOString() })
      .where('message_uuid', '=', one.message_uuid)
      .where('user_uuid', '=', user.uuid)
      .execute();
    expect((await as.posatore.get('/api/avatar')).json().msgcount).toBe(2);
  });

  it('gives the admin, area manager and reseller their own card without installer fields', async () => {
    const admin = (await as.admin.get('/api/avatar')).json();
    expect(admin).toEqual({ msgcount: 2, img: '', name: 'Laura Amministratrice' });
    expect((await as.capoarea.get('/api/avatar')).json()).toEqual({ msgcount: 2, img: '', name: 'Giorgio Valli' });
    expect((await as.capoarea.get('/api/me')).json()).toMatchObject({
      role: 'capoarea',
      name: 'Giorgio',
      lastname: 'Valli',
      state: 'MI',
    });
    expect((await as.rivenditore.get('/api/avatar')).json()).toEqual({ msgcount: 2, img: '', name: 'Franco Bellini' });
    expect((await as.rivenditore.get('/api/me')).json()).toMatchObject({
      role: 'rivenditori',
      ragsoc: 'Ceramiche Lombarde S.r.l.',
    });
  });

  it('tells an installer in plain Italian what keeps their profile from OK (err1), and nobody else', async () => {
    expect((await as.posatore.get('/api/me')).json().err1).toBe('');
    expect((await as.admin.get('/api/me')).json().err1).toBe('');
    const incomplete = await ctx.db
      .selectFrom('posatori')
      .innerJoin('users', 'users.uuid', 'posatori.user_uuid')
      .select(['users.username', 'posatori.uuid'])
      .where('posatori.stato', '=', 'INCOMPLETO')
      .where('users.stato', '=', 'active')
      .executeTakeFirstOrThrow();
    await ctx.db.updateTable('posatori').set({ codfis: '', email: '' }).where('uuid', '=', incomplete.uuid).execute();
    const err1 = (await (await as.login(incomplete.username)).get('/api/me')).json().err1 as string;
    expect(err1).toMatch(/^Il tuo profilo è incompleto: completa o correggi .*codice fiscale.*email/);
    await ctx.db.updateTable('posatori').set({ stato: 'SOSPESO' }).where('uuid', '=', incomplete.uuid).execute();
    expect((await (await as.login(incomplete.username)).get('/api/me')).json().err1).toBe(
      'Il tuo profilo è sospeso: per informazioni contatta il tuo capo area o l’amministrazione.',
    );
  });
});
