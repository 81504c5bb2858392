import http from 'node:http';
import net from 'node:net';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../src/db/connect.ts';
import { laneDropped, laneWaiting, readLane } from '../../src/db/read-lane.ts';
import { ClientGone, withRequestResponse } from '../../src/lib/client-gone.ts';
import { cachedRows } from '../../src/lib/list-counts.ts';
import { registerClientGone } from '../../src/plugins/client-gone.ts';
import { listTurns, registerListTurns } from '../../src/plugins/list-turns.ts';
import { heavyCount } from './heavy-read.ts';
import { createTestContext, type TestContext } from '../helpers.ts';

/**
 * The read lane (db/read-lane.ts): a heavy read waits its turn on the lane without holding up the handle's other
 * queries, and reads what the handle has committed.
 */
/** A response of a request, as the server has it; `destroy()` is its client closing the connection. */
const response = () => new http.ServerResponse(new http.IncomingMessage(new net.Socket()));

/**
 * An app whose lists take turns (plugins/list-turns.ts): /heavy reads on the lane, /shared reads on the lane through
 * a cached result (the first of those asking runs it, the others wait for it), /light reads on the handle.
 */
async function listsApp(): Promise<{ base: string; close: () => Promise<void> }> {
  const app = Fastify();
  registerClientGone(app);
  registerListTurns(app, 1);
  const lane = readLane(ctx.db);
  const count = async () => Number((await heavyCount.execute(lane)).rows[0]?.n);
  app.get('/heavy', { config: listTurns }, async () => ({ n: await count() }));
  const unique = `select 'shared ${Date.now()}'`;
  const sharedRead = { compile: () => CompiledQuery.raw(unique), execute: async () => [{ n: await count() }] };
  app.get('/shared', { config: listTurns }, async () => (await cachedRows(lane, ['posatori'], sharedRead))[0]);
  app.get('/light', { config: listTurns }, async () => ({ n: (await sql`select 1 as n`.execute(ctx.db)).rows.length }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, close: () => app.close() };
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ seed: false });
});
afterAll(async () => {
  await ctx.close();
});

describe('read lane', () => {
  it('answers the handle’s light queries while a heavy read runs on the lane', async () => {
    const finished: string[] = [];
    const heavy = heavyCount.execute(readLane(ctx.db)).then((r) => {
      finished.push('heavy');
      return Number(r.rows[0]?.n);
    });
    // The light query starts after the heavy one; on the handle's own thread (SQLite) it could only end after it.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const light = ctx.db
      .selectFrom('list_versions')
      .select('name')
      .execute()
      .then(() => finished.push('light'));
    await Promise.all([heavy, light]);
    expect(await heavy).toBe(3_000_000);
    expect(finished).toEqual(['light', 'heavy']);
  });

  it('serves a result it computed and cached without waiting for its turn again', async () => {
    const lane = readLane(ctx.db);
    const versions = lane.selectFrom('list_versions').select('name').where('name', '=', 'posatori');
    const cached = () => cachedRows(lane, ['posatori'], versions);
    await cached();
    const finished: string[] = [];
    const heavy = heavyCount.execute(lane).then(() => finished.push('heavy'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The cache's data versions are read on the handle's own thread: behind the heavy read, the hit would wait for it.
    const hit = cached().then(() => finished.push('cached'));
    await Promise.all([heavy, hit]);
    expect(finished).toEqual(['cached', 'heavy']);
  });

  it('lets the lists behind a list whose read is on the lane take their turns meanwhile', async () => {
    const { base, close } = await listsApp();
    try {
      const finished: string[] = [];
      const heavy = fetch(`${base}/heavy`).then((r) => finished.push(`heavy ${r.status}`));
      await new Promise((resolve) => setTimeout(resolve, 50));
      // Holding its turn while the lane works, the heavy list would keep this one waiting until it ends.
      const light = fetch(`${base}/light`).then((r) => finished.push(`light ${r.status}`));
      await Promise.all([heavy, light]);
      expect(finished).toEqual(['light 200', 'heavy 200']);
    } finally {
      await close();
    }
  });

  it('lets them through too while a second list waits for the first one’s cached read', async () => {
    const { base, close } = await listsApp();
    try {
      const finished: string[] = [];
      const shared = () => fetch(`${base}/shared`).then((r) => finished.push(`shared ${r.status}`));
      const first = shared();
      await new Promise((resolve) => setTimeout(resolve, 50));
      // The second asks for the same read while it runs, and waits for it (sharedRead) without holding a turn.
      const second = shared();
      await new Promise((resolve) => setTimeout(resolve, 50));
      const light = fetch(`${base}/light`).then((r) => finished.push(`light ${r.status}`));
      await Promise.all([first, second, light]);
      expect(finished).toEqual(['light 200', 'shared 200', 'shared 200']);
    } finally {
      await close();
    }
  });

  it('reads what the handle has just committed', async () => {
    const name = `lane-${Date.now()}`;
    await ctx.db.insertInto('list_versions').values({ name, version: 7 }).execute();
    const row = await readLane(ctx.db)
      .selectFrom('list_versions')
      .select('version')
      .where('name', '=', name)
      .executeTakeFirst();
    expect(row?.version).toBe(7);
  });

  it('is the transaction itself inside a transaction, which sees its own writes', async () => {
    await ctx.db.transaction().execute(async (tx) => {
      expect(readLane(tx)).toBe(tx);
      await tx.insertInto('list_versions').values({ name: 'lane-in-tx', version: 1 }).execute();
      const row = await readLane(tx)
        .selectFrom('list_versions')
        .select('version')
        .where('name', '=', 'lane-in-tx')
        .executeTakeFirst();
      expect(row?.version).toBe(1);
    });
  });

  it('drops at its turn a read whose client has gone while it waited, and reads on', async () => {
    const heavy = heavyCount.execute(readLane(ctx.db));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const client = response();
    // A request's read, queued behind the heavy one; then its client closes the connection.
    const abandoned = new Promise((resolve, reject) =>
      withRequestResponse(client, () => {
        sql`select 1 as one`.execute(readLane(ctx.db)).then(resolve, reject);
      }),
    );
    const droppedBefore = laneDropped(ctx.db);
    client.destroy();
    await expect(abandoned).rejects.toBeInstanceOf(ClientGone);
    expect(laneDropped(ctx.db)).toBe(droppedBefore + 1);
    expect(Number((await heavy).rows[0]?.n)).toBe(3_000_000);
    // A read of a request still open, after it, is answered.
    const answered = await new Promise<number>((resolve, reject) =>
      withRequestResponse(response(), () => {
        sql<{ one: number }>`select 1 as one`
          .execute(readLane(ctx.db))
          .then((r) => resolve(Number(r.rows[0]?.one)), reject);
      }),
    );
    expect(answered).toBe(1);
  });

  it('refuses at once the read of a request whose client left before it asked', async () => {
    const client = response();
    client.destroy();
    await once(client, 'close');
    const droppedBefore = laneDropped(ctx.db);
    const read = new Promise((resolve, reject) =>
      withRequestResponse(client, () => {
        sql`select 1 as one`.execute(readLane(ctx.db)).then(resolve, reject);
      }),
    );
    await expect(read).rejects.toBeInstanceOf(ClientGone);
    expect(laneDropped(ctx.db)).toBe(droppedBefore + 1);
  });

  it('passes a failing query’s error on and goes on answering', async () => {
    await expect(sql`select * from no_such_table`.execute(readLane(ctx.db))).rejects.toThrow(/no_such_table/);
    const r = await sql<{ one: number }>`select 1 as one`.execute(readLane(ctx.db));
    expect(Number(r.rows[0]?.one)).toBe(1);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'on PostgreSQL runs as many heavy reads side by side as READ_LANE_CONNECTIONS allows',
    async () => {
      const url = process.env.TEST_DATABASE_URL ?? '';
      const sleepers = (db: Parameters<typeof readLane>[0]) =>
        [1, 2].map(() => sql`select pg_sleep(0.3)`.execute(readLane(db)));
      for (const [connections, waiting] of [
        [1, 1],
        [2, 0],
      ] as const) {
        const { db } = connect({ kind: 'postgres', url, schema: ctx.schema, laneConnections: connections });
        try {
          const reads = sleepers(db);
          await new Promise((resolve) => setTimeout(resolve, 100));
          expect(laneWaiting(db)).toBe(waiting);
          await Promise.all(reads);
        } finally {
          await db.destroy();
        }
      }
    },
  );
});
