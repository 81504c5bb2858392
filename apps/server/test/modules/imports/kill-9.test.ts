import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ImportBatchReply } from '@portal/shared/schemas/imports';
import { installerRecords } from '../../../../../bench/imports.ts';
import { login, startServer } from '../../../../../bench/http.ts';
import { DEMO_PASSWORD } from '../../../src/db/seed/demo.ts';
import { createTestContext, type TestContext } from '../../helpers.ts';
import { call, serverEnv } from './server-processes.ts';

/**
 * The server killed with kill -9 in the middle of an import leaves a consistent database (every
 * batch all or nothing), and the same file again completes it without duplicates. A real server process on the
 * test's database, killed while a batch is on its way.
 */

let ctx: TestContext;
let env: NodeJS.ProcessEnv;
beforeAll(async () => {
  ctx = await createTestContext();
  env = serverEnv(ctx);
});
afterAll(() => ctx.close());

const ROWS = 3_000;
const BATCH = 500;

const post = <T>(url: string, cookie: string, path: string, body: unknown) => call<T>(url, cookie, 'POST', path, body);

const batchOf = (records: Record<string, string>[], i: number) => ({
  righe: records.slice(i * BATCH, (i + 1) * BATCH).map((record, k) => ({ riga: i * BATCH + k + 2, record })),
});

it('a kill -9 leaves whole batches only, and the same file again completes the import without duplicates', async () => {
  const type = await ctx.db
    .selectFrom('coupon_types')
    .select('uuid')
    .where('tipo', '=', 'Corso base')
    .executeTakeFirstOrThrow();
  const records = installerRecords('KLL', ROWS);
  const codfis = records.map((r) => r.codfis ?? '');
  const start = { tipo: 'posatori', file: 'kill.xlsx', righe: ROWS, impcoupon: type.uuid };

  const first = await startServer(env);
  let killedImport: string;
  try {
    const cookie = await login(first.url, 'admin', DEMO_PASSWORD);
    const { id } = await post<{ id: string }>(first.url, cookie, '/api/imports', start);
    killedImport = id;
    for (const i of [0, 1]) await post(first.url, cookie, `/api/imports/${id}/righe`, batchOf(records, i));
    // The third batch leaves; the process dies while it is being read or stored.
    const inFlight = post(first.url, cookie, `/api/imports/${id}/righe`, batchOf(records, 2)).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 15));
    process.kill(first.pid ?? 0, 'SIGKILL');
    await inFlight;
  } finally {
    await first.stop();
  }

  // What is stored is whole batches, and the import's record counts exactly that.
  const record = await ctx.db
    .selectFrom('imports')
    .selectAll()
    .where('uuid', '=', killedImport)
    .executeTakeFirstOrThrow();
  expect([2 * BATCH, 3 * BATCH]).toContain(record.elaborate);
  const stored = async () =>
    Number(
      (
        await ctx.db
          .selectFrom('posatori')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('codfis', 'in', codfis)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const coupons = async () =>
    Number(
      (
        await ctx.db
          .selectFrom('coupons')
          .innerJoin('posatori', 'posatori.uuid', 'coupons.posatore')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('posatori.codfis', 'in', codfis)
          .executeTakeFirstOrThrow()
      ).n,
    );
  expect(await stored()).toBe(record.elaborate);
  expect(record).toMatchObject({ nuovi: record.elaborate, coupon: record.elaborate });
  expect(await coupons()).toBe(record.elaborate);

  // The same file again, on a restarted server: the rest is stored, nobody twice, no second coupons.
  const second = await startServer(env);
  try {
    const cookie = await login(second.url, 'admin', DEMO_PASSWORD);
    const { id } = await post<{ id: string }>(second.url, cookie, '/api/imports', start);
    let last: ImportBatchReply | undefined;
    for (let i = 0; i < ROWS / BATCH; i++) {
      last = await post<ImportBatchReply>(second.url, cookie, `/api/imports/${id}/righe`, batchOf(records, i));
    }
    expect(last?.import).toMatchObject({
      elaborate: ROWS,
      nuovi: ROWS - record.elaborate,
      invariati: record.elaborate,
      errori: 0,
      coupon: ROWS - record.elaborate,
    });
  } finally {
    await second.stop();
  }
  expect(await stored()).toBe(ROWS);
  expect(await coupons()).toBe(ROWS);
}, 120_000);
