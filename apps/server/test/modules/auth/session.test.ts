import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, login, type TestContext } from '../../helpers.ts';
import { sha256 } from '../../../src/lib/tokens.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const sessionRow = (cookie: string) =>
  ctx.db
    .selectFrom('sessions')
    .selectAll()
    .where('id', '=', sha256(cookie.split('=')[1]!))
    .executeTakeFirstOrThrow();
const avatar = (cookie?: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/avatar', headers: cookie ? { cookie } : {} });
const renew = (cookie?: string) =>
  ctx.app.inject({ method: 'POST', url: '/auth/renew', payload: {}, headers: cookie ? { cookie } : {} });
const minutesFromNow = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

describe('session expiry', () => {
  it('expires 30 minutes after the last renewal', async () => {
    const cookie = await login(ctx.app, 'admin');
    const row = await sessionRow(cookie);
    const idle = Date.parse(row.expires_at) - Date.parse(row.created_at);
    expect(idle).toBe(30 * 60_000);
    await ctx.db
      .updateTable('sessions')
      .set({ expires_at: minutesFromNow(-1) })
      .where('id', '=', row.id)
      .execute();
    expect((await avatar(cookie)).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/auth/check', headers: { cookie } })).json()).toEqual({
      role: [],
    });
    expect((await renew(cookie)).statusCode).toBe(401);
  });

  it('renew moves the idle expiry forward', async () => {
    const cookie = await login(ctx.app, 'capoarea');
    const row = await sessionRow(cookie);
    await ctx.db
      .updateTable('sessions')
      .set({ expires_at: minutesFromNow(2) })
      .where('id', '=', row.id)
      .execute();
    const res = await renew(cookie);
    expect(res.json()).toEqual({ res: 'OK' });
    const after = await sessionRow(cookie);
    expect(Date.parse(after.expires_at)).toBeGreaterThan(Date.now() + 29 * 60_000);
  });

  it('never renews past the 12-hour absolute lifetime', async () => {
    const cookie = await login(ctx.app, 'rivenditore');
    const row = await sessionRow(cookie);
    expect(Date.parse(row.absolute_expires_at) - Date.parse(row.created_at)).toBe(12 * 3600_000);
    await ctx.db
      .updateTable('sessions')
      .set({ absolute_expires_at: minutesFromNow(5) })
      .where('id', '=', row.id)
      .execute();
    await renew(cookie);
    expect((await sessionRow(cookie)).expires_at).toBe((await sessionRow(cookie)).absolute_expires_at);
    await ctx.db
      .updateTable('sessions')
      .set({ absolute_expires_at: minutesFromNow(-1) })
      .where('id', '=', row.id)
      .execute();
    expect((await avatar(cookie)).statusCode).toBe(401);
  });

  it('a user disabled while logged in loses access at once', async () => {
    const cookie = await login(ctx.app, 'posatore');
    expect((await avatar(cookie)).statusCode).toBe(200);
    await ctx.db.updateTable('users').set({ stato: 'disabled' }).where('username', '=', 'posatore').execute();
    expect((await avatar(cookie)).statusCode).toBe(401);
    await ctx.db.updateTable('users').set({ stato: 'active' }).where('username', '=', 'posatore').execute();
  });

  it('a forged cookie is no session', async () => {
    expect((await avatar('portale_sid=forged-token')).statusCode).toBe(401);
    expect((await renew('portale_sid=forged-token')).json()).toMatchObject({ res: 'KO' });
  });

  it('stores only a hash of the session token', async () => {
    const cookie = await login(ctx.app, 'admin');
    const token = cookie.split('=')[1]!;
    const stored = await ctx.db.selectFrom('sessions').select('id').where('id', '=', token).executeTakeFirst();
    expect(stored).toBeUndefined();
  });
});
