import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ClientGone, leaveTurn } from '../../src/lib/client-gone.ts';
import { registerClientGone } from '../../src/plugins/client-gone.ts';
import { listTurns, registerListTurns } from '../../src/plugins/list-turns.ts';

/**
 * The lists take turns (plugins/list-turns.ts): at most `slots` list requests are at work at once, the others wait
 * in order, and the light requests and the refusals never wait for them.
 */
let app: FastifyInstance;
let base: string;
/** The list requests at work, by name, each finished by calling its function. */
let working: Map<string, () => void>;
let started: string[];

beforeEach(async () => {
  working = new Map();
  started = [];
  app = Fastify();
  registerClientGone(app);
  registerListTurns(app, 1);
  app.setErrorHandler((error, _request, reply) =>
    reply.code(error instanceof ClientGone ? 499 : 500).send({ error: String(error) }),
  );
  app.get<{ Params: { name: string } }>('/list/:name', { config: listTurns }, async (request) => {
    const { name } = request.params;
    started.push(name);
    if (name.startsWith('fails')) throw new Error('lettura non riuscita');
    await new Promise<void>((resolve) => working.set(name, resolve));
    return { name };
  });
  // A list whose read goes to the read lane (db/read-lane.ts gives the turn up so): 'lane:<name>' is the read,
  // finished by its function in `working`.
  app.get<{ Params: { name: string } }>('/lane/:name', { config: listTurns }, async (request) => {
    const { name } = request.params;
    started.push(name);
    leaveTurn();
    await new Promise<void>((resolve) => working.set(`lane:${name}`, resolve));
    started.push(`back:${name}`);
    return { name };
  });
  app.get(
    '/forbidden',
    {
      config: listTurns,
      preValidation: (_request, reply, done) => {
        void reply.code(403).send({ error: 'vietato' });
        done();
      },
    },
    async () => ({ never: true }),
  );
  app.get('/health', async () => ({ status: 'ok' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  for (const finish of working.values()) finish();
  await app.close();
});

const get = (path: string) => fetch(`${base}${path}`).then(async (r) => ({ status: r.status, body: await r.json() }));
const until = (check: () => boolean) => expect.poll(check, { timeout: 5_000, interval: 10 }).toBe(true);
const finish = (name: string) => working.get(name)?.();
/** A request whose client closes the connection 100 ms after sending it: the error its client sees. */
const abandoned = (path: string) =>
  new Promise<string>((resolve) => {
    const request = http.get(`${base}${path}`);
    request.on('error', (error) => resolve(error.message));
    setTimeout(() => request.destroy(), 100);
  });

describe('list turns', () => {
  it('lets one list work at a time, the others in the order they came, and light requests through meanwhile', async () => {
    const first = get('/list/a');
    await until(() => started.includes('a'));
    const second = get('/list/b');
    const third = get('/list/c');
    // b and c are read and wait; /health and a refusal are answered while a works.
    expect(await get('/health')).toEqual({ status: 200, body: { status: 'ok' } });
    expect((await get('/forbidden')).status).toBe(403);
    expect(started).toEqual(['a']);
    finish('a');
    expect((await first).body).toEqual({ name: 'a' });
    await until(() => started.length === 2);
    finish('b');
    await until(() => started.length === 3);
    finish('c');
    expect([(await second).body, (await third).body]).toEqual([{ name: 'b' }, { name: 'c' }]);
    expect(started).toEqual(['a', 'b', 'c']);
  });

  it('passes the turn on when a list fails', async () => {
    expect((await get('/list/fails')).status).toBe(500);
    const next = get('/list/after');
    await until(() => started.includes('after'));
    finish('after');
    expect((await next).body).toEqual({ name: 'after' });
  });

  it('drops from the queue a request whose client leaves while it waits, and goes on with the next', async () => {
    const first = get('/list/a');
    await until(() => started.includes('a'));
    const left = abandoned('/list/gone');
    expect(await left).toMatch(/socket hang up|aborted/);
    const next = get('/list/next');
    finish('a');
    await first;
    await until(() => started.includes('next'));
    finish('next');
    expect((await next).body).toEqual({ name: 'next' });
    expect(started).toEqual(['a', 'next']);
  });

  it('gives the turn on when the client of the list at work leaves', async () => {
    const left = abandoned('/list/gone');
    await until(() => started.includes('gone'));
    await left;
    const next = get('/list/next');
    await until(() => started.includes('next'));
    finish('next');
    expect((await next).body).toEqual({ name: 'next' });
  });

  it('lets the next lists work while one waits for the read lane, which then ends without a turn', async () => {
    const laneList = get('/lane/x');
    await until(() => started.includes('x'));
    // x's read is on the lane: a works meanwhile, and x ends while a still holds the turn.
    const other = get('/list/a');
    await until(() => started.includes('a'));
    finish('lane:x');
    expect((await laneList).body).toEqual({ name: 'x' });
    expect(started).toEqual(['x', 'a', 'back:x']);
    finish('a');
    expect((await other).body).toEqual({ name: 'a' });
    // The turn goes on after them.
    const after = get('/list/b');
    await until(() => started.includes('b'));
    finish('b');
    expect((await after).body).toEqual({ name: 'b' });
  });

  it('ends a list whose client leaves while its read is on the lane, and goes on with the next', async () => {
    const left = abandoned('/lane/gone');
    await until(() => started.includes('gone'));
    await left;
    const next = get('/list/next');
    await until(() => started.includes('next'));
    finish('lane:gone');
    finish('next');
    expect((await next).body).toEqual({ name: 'next' });
  });
});
