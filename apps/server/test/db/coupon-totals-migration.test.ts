import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { CouponsTable } from '../../src/modules/coupons/coupons.table.ts';
import { createTestContext, migrateWhileOthersDrop, type TestContext } from '../helpers.ts';

/**
 * The registry export's speed: the migration that keeps each installer's coupon totals on their row fills
 * them from the coupons already there (value, redeemed, their value, last redemption), and leaves at none those
 * who hold no coupons.
 */

type OldTables = {
  posatori: { uuid: string; code: string; coupon: number; created_at: string; updated_at: string };
  coupon_types: { uuid: string; tipo: string; valore: number; created_at: string };
  // The coupons' table is as it was: only the installers' rows gain columns.
  coupons: CouponsTable;
};
type NewRow = {
  uuid: string;
  coupon: number;
  coupon_valore: number;
  coupon_usati: number;
  coupon_valore_usati: number;
  coupon_ultima: string | null;
};

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ seed: false, migrateUpTo: '2026-11-25-17-search-indexes' });
});
afterAll(() => ctx.close());

it('fills the totals of the installers who hold coupons, from the coupons', async () => {
  const db = ctx.db as unknown as Kysely<OldTables>;
  const at = '2025-01-01T00:00:00.000Z';
  const [holder, none] = [crypto.randomUUID(), crypto.randomUUID()];
  await db
    .insertInto('posatori')
    .values([
      { uuid: holder, code: 'P1', coupon: 3, created_at: at, updated_at: at },
      { uuid: none, code: 'P2', coupon: 0, created_at: at, updated_at: at },
    ])
    .execute();
  const tipo = crypto.randomUUID();
  await db.insertInto('coupon_types').values({ uuid: tipo, tipo: 'Prova', valore: 2500, created_at: at }).execute();
  const coupon = (code: string, valore: number, dtesecuzione: string | null) => ({
    uuid: crypto.randomUUID(),
    code,
    posatore: holder,
    tipo,
    valore,
    scadenza: '2030-01-01',
    dtesecuzione,
    rivenditore: null,
    created_at: at,
  });
  await db
    .insertInto('coupons')
    .values([coupon('A', 2500, '2026-03-02'), coupon('B', 1000, '2026-05-04'), coupon('C', 4000, null)])
    .execute();

  await migrateWhileOthersDrop(ctx.db, ctx.schema);

  const rows = (await (ctx.db as unknown as Kysely<{ posatori: NewRow }>)
    .selectFrom('posatori')
    .select(['uuid', 'coupon', 'coupon_valore', 'coupon_usati', 'coupon_valore_usati', 'coupon_ultima'])
    .execute()) as NewRow[];
  const byUuid = new Map(rows.map((r) => [r.uuid, r]));
  expect(byUuid.get(holder)).toMatchObject({
    coupon: 3,
    coupon_valore: 7500,
    coupon_usati: 2,
    coupon_valore_usati: 3500,
    coupon_ultima: '2026-05-04',
  });
  expect(byUuid.get(none)).toMatchObject({
    coupon: 0,
    coupon_valore: 0,
    coupon_usati: 0,
    coupon_valore_usati: 0,
    coupon_ultima: null,
  });
});
