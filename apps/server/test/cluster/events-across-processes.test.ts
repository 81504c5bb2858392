import { afterAll, beforeAll, expect, it } from 'vitest';
import { login, startServer } from '../../../../bench/http.ts';
import { DEMO_PASSWORD } from '../../src/db/seed/demo.ts';
import { createTestContext, type TestContext, userUuidOf } from '../helpers.ts';
import { serverEnv } from '../modules/imports/server-processes.ts';
import { openEvents, type SseStream } from '../sse-client.ts';

/**
 * Live updates across processes. PostgreSQL: two instances on one database, as behind a balancer: a message sent
 * through one reaches the recipient's stream held by the other (LISTEN/NOTIFY). SQLite: one server with two cluster
 * workers, streams spread over both (the primary deals connections round robin): a message sent through either
 * reaches every stream (the primary relays each worker's announcements to the others).
 */

let ctx: TestContext;
const stops: (() => Promise<void>)[] = [];
const streams: SseStream[] = [];
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  for (const s of streams) s.close();
  for (const stop of stops) await stop();
  await ctx.close();
});

const userOf = (username: string) => userUuidOf(ctx.db, username);

async function send(url: string, cookie: string, dests: string[]) {
  const res = await fetch(`${url}/api/messages/message/nuovo`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ oggetto: 'Tra processi', content: 'Prova', dests }),
  });
  expect(res.status).toBe(200);
}

it('an event announced in one process reaches a stream held by another', async () => {
  const onPostgres = !!process.env.TEST_DATABASE_URL;
  const env = serverEnv(ctx);
  const first = await startServer(onPostgres ? env : { ...env, WEB_CONCURRENCY: '2' });
  stops.push(() => first.stop());
  const second = onPostgres ? await startServer(env) : first;
  if (second !== first) stops.push(() => second.stop());

  const admin = await login(first.url, 'admin', DEMO_PASSWORD);
  const posatore = await login(second.url, 'posatore', DEMO_PASSWORD);
  const rivenditore = await login(second.url, 'rivenditore', DEMO_PASSWORD);
  // On one server with two workers, six connections land three on each.
  for (let i = 0; i < (onPostgres ? 1 : 6); i++) streams.push(await openEvents(second.url, posatore));
  const other = await openEvents(second.url, rivenditore);
  streams.push(other);
  expect(streams.map((s) => s.status)).toEqual(streams.map(() => 200));

  await send(first.url, admin, [await userOf('posatore')]);
  const posatoreStreams = streams.filter((s) => s !== other);
  await expect
    .poll(() => posatoreStreams.map((s) => s.events), { timeout: 10_000 })
    .toEqual(posatoreStreams.map(() => ['messages']));
  // The reseller's stream heard nothing of it: a message for them arrives, alone.
  await send(first.url, admin, [await userOf('rivenditore')]);
  await expect.poll(() => other.events, { timeout: 10_000 }).toEqual(['messages']);
}, 120_000);
