import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ImportRecord } from '@portal/shared/schemas/imports';
import { installerRecords } from '../../../../../bench/imports.ts';
import { login, startServer } from '../../../../../bench/http.ts';
import { DEMO_PASSWORD } from '../../../src/db/seed/demo.ts';
import { createTestContext, type TestContext } from '../../helpers.ts';
import { call, serverEnv } from './server-processes.ts';

/**
 * Two server processes on one database serving the same import at once, as behind a load balancer: the same batch
 * and the same single rows sent to both store each person once, with one course coupon, and the import counts
 * every row each of them received.
 */

let ctx: TestContext;
let env: NodeJS.ProcessEnv;
beforeAll(async () => {
  ctx = await createTestContext();
  env = serverEnv(ctx);
});
afterAll(() => ctx.close());

it('store a person sent to both servers once, and count every row each received', async () => {
  const type = await ctx.db
    .selectFrom('coupon_types')
    .select('uuid')
    .where('tipo', '=', 'Corso base')
    .executeTakeFirstOrThrow();
  const records = installerRecords('DUE', 40);
  const servers = await Promise.all([startServer(env), startServer(env)]);
  try {
    const cookies = await Promise.all(servers.map((s) => login(s.url, 'admin', DEMO_PASSWORD)));
    const [a, b] = servers.map((s, i) => ({ url: s.url, cookie: cookies[i] ?? '' }));
    if (!a || !b) throw new Error('due server');
    const start = { tipo: 'posatori', file: 'due.xlsx', righe: 4 * records.length, impcoupon: type.uuid };
    const { id } = await call<{ id: string }>(a.url, a.cookie, 'POST', '/api/imports', start);
    const righe = records.map((record, i) => ({ riga: i + 2, record }));
    await Promise.all([
      ...[a, b].map((s) => call(s.url, s.cookie, 'POST', `/api/imports/${id}/righe`, { righe })),
      ...[a, b].flatMap((s) =>
        records.map((r) => call(s.url, s.cookie, 'POST', '/api/imports/posatori', { ...r, impid: id })),
      ),
    ]);
    const codfis = records.map((r) => r.codfis ?? '');
    const stored = await ctx.db
      .selectFrom('posatori')
      .select(['codfis', (eb) => eb.fn.countAll<number>().as('n')])
      .where('codfis', 'in', codfis)
      .groupBy('codfis')
      .execute();
    expect(stored.map((r) => Number(r.n))).toEqual(codfis.map(() => 1));
    const coupons = await ctx.db
      .selectFrom('coupons')
      .innerJoin('posatori', 'posatori.uuid', 'coupons.posatore')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('posatori.codfis', 'in', codfis)
      .executeTakeFirstOrThrow();
    expect(Number(coupons.n)).toBe(records.length);
    const record = await call<ImportRecord>(b.url, b.cookie, 'GET', `/api/imports/${id}`);
    expect(record).toMatchObject({
      elaborate: 4 * records.length,
      nuovi: records.length,
      invariati: 3 * records.length,
      errori: 0,
      coupon: records.length,
    });
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}, 120_000);
