import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { DEMO_PASSWORD } from '../../src/db/seed/demo.ts';
import { createTestContext, login, type TestContext } from '../helpers.ts';
import { imageForm } from '../multipart.ts';

/**
 * The edge's rate limits, set low: a 429 with the Italian reason and Retry-After, counted in the database (two
 * app instances on one database share the counts), and a refused login never reaches the password check (a right
 * password is refused, a wrong one adds no failure to the account's throttle).
 */

let ctx: TestContext;
let other: FastifyInstance;
beforeAll(async () => {
  ctx = await createTestContext({
    env: {
      RATE_LIMIT_AUTH_PER_ADDRESS: '6',
      RATE_LIMIT_AUTH_PER_ACCOUNT: '3',
      RATE_LIMIT_UPLOADS: '2',
      RATE_LIMIT_SENDS: '2',
      RATE_LIMIT_WINDOW_SECONDS: '60',
    },
  });
  other = await buildApp({ config: ctx.config, db: ctx.connectAgain() });
});
afterAll(async () => {
  await other.close();
  await ctx.close();
});

/*
 * The limits count in fixed windows of RATE_LIMIT_WINDOW_SECONDS (60 s, above): a case whose requests straddle the
 * end of one starts counting again in the next (a fourth login answered 200 instead of 429 in a slow run). Each case
 * starts with at least 20 s of its window left.
 */
const WINDOW_MS = 60_000;
beforeEach(async () => {
  const left = WINDOW_MS - (Date.now() % WINDOW_MS);
  if (left < 20_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}, 30_000);

const loginFrom = (app: FastifyInstance, ip: string, user: string, pwd: string) =>
  app.inject({ method: 'POST', url: '/auth/login', payload: { user, pwd }, remoteAddress: ip });

function expectRefused(res: Awaited<ReturnType<typeof loginFrom>>) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toMatchObject({
    res: 'KO',
    reason: expect.stringMatching(/^Troppe richieste: riprova tra \d+ second/),
  });
  const after = Number(res.headers['retry-after']);
  expect(after).toBeGreaterThanOrEqual(1);
  expect(after).toBeLessThanOrEqual(60);
}

const failures = async () =>
  Number(
    (
      await ctx.db
        .selectFrom('login_failures')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('logins', () => {
  it('per account, on every instance: the fourth attempt is refused before the password is checked', async () => {
    for (const [i, app] of [ctx.app, other, ctx.app].entries()) {
      const res = await loginFrom(app, `10.1.0.${i}`, 'Capoarea', 'sbagliata');
      expect(res.json()).toEqual({ res: 'KO' });
    }
    const before = await failures();
    expectRefused(await loginFrom(other, '10.1.0.9', 'capoarea', DEMO_PASSWORD));
    expectRefused(await loginFrom(ctx.app, '10.1.0.8', 'capoarea', 'sbagliata'));
    expect(await failures()).toBe(before);
    // Another account is not touched.
    expect((await loginFrom(ctx.app, '10.1.0.9', 'rivenditore', DEMO_PASSWORD)).json()).toMatchObject({ res: 'OK' });
  });

  it('per client address, whatever the account, before the body is read', async () => {
    const users = ['a@x.it', 'b@x.it', 'c@x.it', 'd@x.it', 'e@x.it', 'f@x.it'];
    for (const [i, user] of users.entries()) {
      const res = await loginFrom(i % 2 ? other : ctx.app, '10.2.0.1', user, 'sbagliata');
      expect(res.statusCode).toBe(200);
    }
    expectRefused(await loginFrom(ctx.app, '10.2.0.1', 'g@x.it', 'sbagliata'));
    const reset = await other.inject({
      method: 'POST',
      url: '/auth/resetpassword',
      payload: 'not json',
      headers: { 'content-type': 'application/json' },
      remoteAddress: '10.2.0.1',
    });
    expectRefused(reset);
    expect((await loginFrom(ctx.app, '10.2.0.2', 'g@x.it', 'sbagliata')).statusCode).toBe(200);
  });
});

describe('uploads and message sends', () => {
  it('per person: the third upload in the window is refused', async () => {
    const cookie = await login(ctx.app, 'posatore', DEMO_PASSWORD, '10.3.0.1');
    const form = imageForm('non è un’immagine');
    const upload = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/savemyimg/profile',
        payload: form.payload,
        headers: { ...form.headers, cookie },
      });
    for (const app of [ctx.app, other]) expect((await upload(app)).statusCode).toBe(400);
    expectRefused(await upload(ctx.app));
  });

  it('per person: the third send in the window is refused', async () => {
    const cookie = await login(ctx.app, 'admin', DEMO_PASSWORD, '10.3.0.2');
    const send = (app: FastifyInstance) =>
      app.inject({ method: 'POST', url: '/api/messages/message/new', payload: {}, headers: { cookie } });
    for (const app of [ctx.app, other]) expect((await send(app)).statusCode).toBe(400);
    expectRefused(await send(other));
  });
});
