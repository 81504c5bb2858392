import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedStress, stressSize } from '../../src/db/seed/stress.ts';
import { createTestContext, type TestContext } from '../helpers.ts';

/**
 * The stress network is what the bench measures: on PostgreSQL its tables come out of the seed vacuumed and
 * analyzed, or a deep page's index-only scan visits the heap for every entry until autovacuum comes round (the
 * bench measured 11 requests a second at page 1,000 right after the seed, 418 once vacuumed).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ seed: false });
});
afterAll(() => ctx.close());

it.runIf(process.env.TEST_DATABASE_URL)('leaves its PostgreSQL tables vacuumed and analyzed', async () => {
  await seedStress(ctx.db, { size: stressSize(0.001) });
  const { rows } = await sql<{ relname: string; vacuumed: boolean; analyzed: boolean }>`
    select relname, last_vacuum is not null as vacuumed, last_analyze is not null as analyzed
    from pg_stat_user_tables
    where schemaname = current_schema() and relname in ('posatori', 'coupons', 'audit_log')`.execute(ctx.db);
  expect(rows.map((r) => [r.relname, r.vacuumed, r.analyzed]).sort()).toEqual([
    ['audit_log', true, true],
    ['coupons', true, true],
    ['posatori', true, true],
  ]);
});
