import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, login, cookieOf, type TestContext } from '../../helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const get = (url: string, cookie?: string) => ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('GET /api/avatar and /api/me', () => {
  it.each(['/api/avatar', '/api/me'])('%s answers 401 without a session', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ res: 'KO', reason: expect.any(String) });
  });

  it('gives the installer stato and coupon count, and their unread messages', async () => {
    const cookie = await cookieOf(ctx.app, 'posatore');
    expect((await get('/api/avatar', cookie)).json()).toEqual({
      msgcount: 3,
      img: '',
      name: 'Mario Rossi',
      stato: 'OK',
      ccoupon: 6,
    });
    const me = (await get('/api/me', cookie)).json();
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
    const cookie = await cookieOf(ctx.app, 'posatore');
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
    expect((await get('/api/avatar', cookie)).json().msgcount).toBe(2);
  });

  it('gives the admin, area manager and reseller their own card without installer fields', async () => {
    const admin = (await get('/api/avatar', await cookieOf(ctx.app, 'admin'))).json();
    expect(admin).toEqual({ msgcount: 2, img: '', name: 'Laura Amministratrice' });
    const capoarea = await cookieOf(ctx.app, 'capoarea');
    expect((await get('/api/avatar', capoarea)).json()).toEqual({ msgcount: 2, img: '', name: 'Giorgio Valli' });
    expect((await get('/api/me', capoarea)).json()).toMatchObject({
      role: 'capoarea',
      name: 'Giorgio',
      lastname: 'Valli',
      state: 'MI',
    });
    const riv = await cookieOf(ctx.app, 'rivenditori');
    expect((await get('/api/avatar', riv)).json()).toEqual({ msgcount: 2, img: '', name: 'Franco Bellini' });
    expect((await get('/api/me', riv)).json()).toMatchObject({
      role: 'rivenditori',
      ragsoc: 'Ceramiche Lombarde S.r.l.',
    });
  });

  it('tells an installer in plain Italian what keeps their profile from OK (err1), and nobody else', async () => {
    expect((await get('/api/me', await cookieOf(ctx.app, 'posatore'))).json().err1).toBe('');
    expect((await get('/api/me', await cookieOf(ctx.app, 'admin'))).json().err1).toBe('');
    const incomplete = await ctx.db
      .selectFrom('posatori')
      .innerJoin('users', 'users.uuid', 'posatori.user_uuid')
      .select(['users.username', 'posatori.uuid'])
      .where('posatori.stato', '=', 'INCOMPLETO')
      .where('users.stato', '=', 'active')
      .executeTakeFirstOrThrow();
    await ctx.db.updateTable('posatori').set({ codfis: '', email: '' }).where('uuid', '=', incomplete.uuid).execute();
    const err1 = (await get('/api/me', await login(ctx.app, incomplete.username))).json().err1 as string;
    expect(err1).toMatch(/^Il tuo profilo è incompleto: completa o correggi .*codice fiscale.*email/);
    await ctx.db.updateTable('posatori').set({ stato: 'SOSPESO' }).where('uuid', '=', incomplete.uuid).execute();
    expect((await get('/api/me', await login(ctx.app, incomplete.username))).json().err1).toBe(
      'Il tuo profilo è sospeso: per informazioni contatta il tuo capo area o l’amministrazione.',
    );
  });
});
