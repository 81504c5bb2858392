import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../../src/lib/tokens.ts';
import { announce } from '../../../src/modules/events/events.service.ts';
import { MAX_STREAMS_PER_SESSION } from '../../../src/modules/events/event-hub.ts';
import { createTestContext, login, personOfUser, type TestContext, userUuidOf } from '../../helpers.ts';
import { loginAs, type RoleClients } from '../../helpers-clients.ts';
import { openEvents, type SseStream } from '../../sse-client.ts';

/**
 * GET /api/events over real HTTP: a stream carries the events of its own person only, after the commit of the change
 * that announced them, never after a rollback; a session that ends ends its streams; a session holds a bounded
 * number of them; the server's close ends them.
 */

let ctx: TestContext;
let as: RoleClients;
let url: string;
let mario: string;
let marioUser: string;
let rivUser: string;
const open: SseStream[] = [];
const stream = async (cookie: string) => {
  const s = await openEvents(url, cookie);
  open.push(s);
  return s;
};

const userOf = (username: string) => userUuidOf(ctx.db, username);

beforeAll(async () => {
  // A heartbeat every second: the sessions of open streams are checked at that pace.
  ctx = await createTestContext({ env: { EVENTS_HEARTBEAT_SECONDS: '1' } });
  as = await loginAs(ctx);
  url = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  mario = await personOfUser(ctx.db, 'posatori', 'posatore');
  marioUser = await userOf('posatore');
  rivUser = await userOf('rivenditore');
});
afterAll(async () => {
  for (const s of open) s.close();
  await ctx.close();
});

describe('GET /api/events', () => {
  it('answers 401 without a session', async () => {
    const s = await stream('');
    expect(s.status).toBe(401);
    expect(JSON.parse(s.body)).toEqual({ res: 'KO', reason: 'Accesso non effettuato' });
  });

  it('is an uncompressed, unbuffered event stream that tells the browser when to reconnect', async () => {
    const res = await fetch(`${url}/api/events`, {
      headers: { cookie: as.posatore.cookie, 'accept-encoding': 'gzip, br' },
      signal: AbortSignal.timeout(5_000),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    expect(res.headers.get('content-encoding')).toBeNull();
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toMatch(/^retry: \d+\n\n/);
    await reader.cancel();
  });

  it("a message reaches its recipient's stream and the sender's, never a third person's", async () => {
    const posatore = await stream(as.posatore.cookie);
    const rivenditore = await stream(as.rivenditore.cookie);
    const admin = await stream(as.admin.cookie);
    expect([posatore.status, rivenditore.status, admin.status]).toEqual([200, 200, 200]);
    const sent = await as.admin.post('/api/messages/message/nuovo', {
      oggetto: 'In tempo reale',
      content: 'Prova',
      dests: [marioUser],
    });
    expect(sent.statusCode).toBe(200);
    await expect.poll(() => posatore.events).toEqual(['messages']);
    await expect.poll(() => admin.events).toEqual(['messages']);
    // Then one for the reseller: had the first reached them, it would be there before this one.
    await as.admin.post('/api/messages/message/nuovo', { oggetto: 'Altro', content: 'Prova', dests: [rivUser] });
    await expect.poll(() => rivenditore.events).toEqual(['messages']);
    expect(posatore.events).toEqual(['messages']);

    // Reading it in one tab updates the bell in the reader's other tabs.
    const inbox = (await as.posatore.get('/api/messages/recv')).json() as { data: { uuid: string }[] };
    expect((await as.posatore.post(`/api/setread/${inbox.data[0]!.uuid}`, {})).statusCode).toBe(200);
    await expect.poll(() => posatore.events).toEqual(['messages', 'messages']);
  });

  it("a coupon assigned or redeemed reaches the installer's stream", async () => {
    const posatore = await stream(as.posatore.cookie);
    const rivenditore = await stream(as.rivenditore.cookie);
    const created = await as.admin.post('/api/tcoupon/nuovo', {
      ...{ tipo: 'Eventi', valore: 20, descri: '', colore: '#1976d2', ncoupon: 1, minima: 0, mesi: 6 },
    });
    const tipo = (created.json() as { uuid: string }).uuid;
    expect((await as.admin.post('/api/assegnacoupon', { tipo, posatore: mario })).statusCode).toBe(200);
    await expect.poll(() => posatore.events).toEqual(['coupons']);
    const page = (await as.admin.get(`/api/coupons/${mario}?size=200`)).json() as {
      data: { code: string; tipo: string }[];
    };
    const code = page.data.find((c) => c.tipo === tipo)!.code;
    const redeemed = await as.rivenditore.post(`/api/posatori/${mario}/coupon`, { code });
    expect(redeemed.json()).toEqual({ res: 'OK', code });
    await expect.poll(() => posatore.events).toEqual(['coupons', 'coupons']);
    expect(rivenditore.events).toEqual([]);
  });

  it('an announcement travels only with a committed transaction', async () => {
    const posatore = await stream(as.posatore.cookie);
    await expect(
      ctx.db.transaction().execute(async (tx) => {
        await announce(tx, 'messages', [marioUser]);
        throw new Error('annullata');
      }),
    ).rejects.toThrow('annullata');
    await ctx.db.transaction().execute((tx) => announce(tx, 'coupons', [marioUser]));
    await expect.poll(() => posatore.events).toEqual(['coupons']);
  });

  it('a logout ends the streams of that session, not those of the same person elsewhere', async () => {
    const cookie = await login(ctx.app, 'posatore');
    const leaving = await stream(cookie);
    const staying = await stream(as.posatore.cookie);
    expect((await as.withCookie(cookie).post('/auth/logout', {})).statusCode).toBe(200);
    await expect.poll(() => leaving.ended).toBe(true);
    expect(leaving.events).toEqual(['end']);
    // After the logout the browser's reconnection is refused, which stops an EventSource for good.
    expect((await stream(cookie)).status).toBe(401);
    expect(staying.ended).toBe(false);
  });

  it('a session that expires loses its streams at the next heartbeat', async () => {
    const cookie = await login(ctx.app, 'posatore');
    const s = await stream(cookie);
    // The first heartbeat comes up to a period (1 s) after the stream opens: the default poll of 1 s raced it.
    await expect.poll(() => s.comments, { timeout: 5_000 }).toBeGreaterThan(0);
    const id = sha256(cookie.slice('portale_sid='.length));
    await ctx.db.updateTable('sessions').set({ expires_at: '2000-01-01T00:00:00.000Z' }).where('id', '=', id).execute();
    await expect.poll(() => s.ended, { timeout: 10_000 }).toBe(true);
    expect(s.events).toEqual(['end']);
  });

  it('one session holds at most a few streams; a closed one frees its place', async () => {
    const cookie = await login(ctx.app, 'rivenditore');
    const streams: SseStream[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_SESSION; i++) streams.push(await stream(cookie));
    expect(streams.map((s) => s.status)).toEqual(streams.map(() => 200));
    const refused = await stream(cookie);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body).reason).toMatch(/^Troppe schede aperte/);
    streams[0]!.close();
    await expect.poll(async () => (await stream(cookie)).status).toBe(200);
  });

  it('closing the server ends every stream', async () => {
    const s = await stream(as.admin.cookie);
    expect(s.status).toBe(200);
    // It would wait for the stream (and the process's 10 s shutdown limit kill it) if the stream stayed open.
    await ctx.app.close();
    await expect.poll(() => s.ended).toBe(true);
  });
});
