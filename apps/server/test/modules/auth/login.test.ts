import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '@portal/shared/roles';
import { createTestContext, demoUser, login, type TestContext } from '../../helpers.ts';
import { DEMO_PASSWORD } from '../../../src/db/seed/demo.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const attempt = (user: string, pwd: string, ip = '10.1.1.1') =>
  ctx.app.inject({ method: 'POST', url: '/auth/login', payload: { user, pwd }, remoteAddress: ip });

describe('login and check', () => {
  it('answers an empty role list to a visitor without a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/auth/check' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ role: [] });
  });

  it.each(roles)('logs in the demo %s and reports the role', async (role) => {
    const res = await attempt(demoUser[role], DEMO_PASSWORD);
    expect(res.json()).toEqual({ res: 'OK', role: [role] });
    const cookie = res.cookies.find((c) => c.name === 'portale_sid');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    const check = await ctx.app.inject({
      method: 'GET',
      url: '/auth/check',
      headers: { cookie: `portale_sid=${cookie?.value}` },
    });
    expect(check.json()).toEqual({ role: [role] });
  });

  it('accepts the username in any case and the e-mail address', async () => {
    expect((await attempt('ADMIN', DEMO_PASSWORD)).json().res).toBe('OK');
    expect((await attempt('admin@portale-posatori.it', DEMO_PASSWORD)).json().res).toBe('OK');
  });

  it('answers the same KO to a wrong password and to an unknown user, without a cookie', async () => {
    const wrong = await attempt('posatore', 'sbagliata', '10.9.0.1');
    const unknown = await attempt('nessuno', 'sbagliata', '10.9.0.2');
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json()).toEqual({ res: 'KO' });
    expect(unknown.json()).toEqual({ res: 'KO' });
    expect(wrong.cookies).toHaveLength(0);
    expect(unknown.cookies).toHaveLength(0);
  });

  it('refuses a disabled user even with the right password', async () => {
    expect((await attempt('capoarea.sud', DEMO_PASSWORD)).json()).toEqual({ res: 'KO' });
  });

  it('refuses a user who has not chosen a password yet', async () => {
    expect((await attempt('capoarea.centro', DEMO_PASSWORD)).json()).toEqual({ res: 'KO' });
  });

  it('rejects a malformed login with a 400 and an Italian reason', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/auth/login', payload: { user: 'admin' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ res: 'KO', fields: { pwd: expect.any(String) } });
    expect(res.json().reason).toMatch(/pwd/);
  });
});

describe('throttling', () => {
  /** Moves the failures recorded before `before` (all of them by default) `minutes` into the past. */
  const age = (minutes: number, before = new Date(Date.now() + 60_000).toISOString()) =>
    ctx.db
      .updateTable('login_failures')
      .set({ at: new Date(Date.now() - minutes * 60_000).toISOString() })
      .where('at', '<', before)
      .execute();

  it('after 10 failures for one user from one address refuses even the right password there, as Login errata, then forgets after 15 minutes', async () => {
    for (let i = 0; i < 10; i++)
      expect((await attempt('rivenditore', `errata-${i}`, '10.2.0.1')).json().res).toBe('KO');
    expect((await attempt('rivenditore', DEMO_PASSWORD, '10.2.0.1')).json()).toEqual({ res: 'KO' });
    // Another user at that address is not affected.
    expect((await attempt('posatore', DEMO_PASSWORD, '10.2.0.1')).json().res).toBe('OK');
    await age(16);
    expect((await attempt('rivenditore', DEMO_PASSWORD, '10.2.0.1')).json().res).toBe('OK');
  });

  it('an attacker at one address cannot lock the owner out from another', async () => {
    for (let i = 0; i < 30; i++) await attempt('admin', `errata-${i}`, '10.2.2.1');
    expect((await attempt('admin', DEMO_PASSWORD, '10.2.2.1')).json()).toEqual({ res: 'KO' });
    expect((await attempt('admin', DEMO_PASSWORD, '10.2.2.2')).json().res).toBe('OK');
  });

  it('attempts during a lock do not extend it: 10 requests every 15 minutes cannot keep an account out', async () => {
    for (let i = 0; i < 10; i++) await attempt('capoarea', `errata-${i}`, '10.2.3.1');
    // 14 minutes later the lock still holds, and the attacker tries 10 more times.
    await age(14);
    const duringTheLock = new Date(Date.now() - 60_000).toISOString();
    for (let i = 0; i < 10; i++) expect((await attempt('capoarea', `ancora-${i}`, '10.2.3.1')).json().res).toBe('KO');
    // Once the first 10 are past the window, the lock is over.
    await age(16, duringTheLock);
    expect((await attempt('capoarea', DEMO_PASSWORD, '10.2.3.1')).json().res).toBe('OK');
  });

  it('after 50 failures from one address refuses that address only', async () => {
    for (let i = 0; i < 50; i++) await attempt(`sconosciuto${i}`, 'errata', '10.3.0.1');
    expect((await attempt('admin', DEMO_PASSWORD, '10.3.0.1')).json()).toEqual({ res: 'KO' });
    expect((await attempt('admin', DEMO_PASSWORD, '10.3.0.2')).json().res).toBe('OK');
  });
});

describe('logout', () => {
  it('ends the session on the server and clears the cookie', async () => {
    const cookie = await login(ctx.app, 'admin', DEMO_PASSWORD, '10.4.0.1');
    const out = await ctx.app.inject({ method: 'POST', url: '/auth/logout', payload: {}, headers: { cookie } });
    expect(out.json()).toEqual({ res: 'OK' });
    expect(out.cookies.find((c) => c.name === 'portale_sid')?.value).toBe('');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/avatar', headers: { cookie } })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/auth/check', headers: { cookie } })).json()).toEqual({
      role: [],
    });
  });

  it('answers OK to a visitor who is not logged in', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/auth/logout', payload: {} })).json()).toEqual({ res: 'OK' });
  });
});
