import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer } from '../../../../bench/http.ts';
import { enqueueMails } from '../../src/modules/mail/mail-queue.ts';
import { createTestContext, readOutbox, type TestContext } from '../helpers.ts';
import { serverEnv } from '../modules/imports/server-processes.ts';

/**
 * WEB_CONCURRENCY=2: two worker processes behind one port. The queue's mails go out once; a worker killed with
 * kill -9 is replaced and the port keeps answering; /metrics counts every worker's requests; SIGTERM to the
 * primary stops every worker.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const workersOf = (pid: number) => {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
};

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until<T>(what: string, read: () => T | Promise<T>, done: (v: T) => boolean): Promise<T> {
  for (let i = 0; ; i++) {
    const v = await read();
    if (done(v)) return v;
    if (i > 300) throw new Error(`${what}: non avvenuto in 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

it('two workers send each queued mail once, a dead worker is replaced, SIGTERM stops them all', async () => {
  const server = await startServer({ ...serverEnv(ctx), DATA_DIR: ctx.config.dataDir, WEB_CONCURRENCY: '2' });
  const primary = server.pid ?? 0;
  let workers: number[] = [];
  try {
    workers = await until(
      'due worker',
      () => workersOf(primary),
      (w) => w.length === 2,
    );
    await enqueueMails(
      ctx.db,
      [1, 2, 3, 4].map((n) => ({
        uuid: `cluster:${n}`,
        to: `cluster${n}@esempio.it`,
        subject: 'Prova',
        body: 'Testo',
      })),
    );
    const sent = await until(
      'e-mail inviate',
      () => readOutbox(ctx.outbox).filter((m) => m.to.startsWith('cluster')),
      (m) => m.length >= 4,
    );
    expect(sent.map((m) => m.to).sort()).toEqual([1, 2, 3, 4].map((n) => `cluster${n}@esempio.it`));

    // /metrics answered by either worker counts the requests of both (prom-client's AggregatorRegistry).
    const healthCount = async () => {
      const text = await (await fetch(`${server.url}/metrics`)).text();
      return Number(/^http_requests_total\{method="GET",route="\/health",status="200"\} (\d+)/m.exec(text)?.[1] ?? 0);
    };
    const before = await healthCount();
    for (let i = 0; i < 10; i++) expect((await fetch(`${server.url}/health`)).status).toBe(200);
    expect(await healthCount()).toBe(before + 10);

    process.kill(workers[0] ?? 0, 'SIGKILL');
    const replaced = await until(
      'worker sostituito',
      () => workersOf(primary),
      (w) => w.length === 2 && !w.includes(workers[0] ?? 0),
    );
    workers = replaced;
    const health = await until(
      'risposta',
      () =>
        fetch(`${server.url}/health`).then(
          (r) => r.status,
          () => 0,
        ),
      (s) => s === 200,
    );
    expect(health).toBe(200);
  } finally {
    await server.stop();
  }
  expect(workers.filter(alive)).toEqual([]);
}, 90_000);
