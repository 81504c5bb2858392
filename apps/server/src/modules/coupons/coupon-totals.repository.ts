import type { DbOrTx } from '../../db/database.ts';
import { isSqlite } from '../../lib/text-search.ts';
import { noCouponTotals } from '../posatori/posatori.table.ts';

/**
 * The coupon figures kept on each posatore's row (posatori.coupon and the columns beside it), read by the posatori
 * list and its export without a join, and the redemptions at a rivenditore.
 */

/** Coupons redeemed at this rivenditore. */
export async function redeemedAt(db: DbOrTx, rivenditore: string): Promise<number> {
  const row = await db
    .selectFrom('coupons')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('rivenditore', '=', rivenditore)
    .where('dtesecuzione', 'is not', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Recounts the coupons posatori hold into posatori.coupon (the list's column and its order) and the figures
 * beside it (value, redeemed, their value, last redemption; the registry export's): one posatore, some, or all of
 * them after a bulk load (seeds). Whoever adds, removes, retypes or redeems coupons calls it in the same
 * transaction; recounting, not incrementing, so a call can never drift. One grouped read of the coupons joined to
 * the rows (a lookup per installer and column ran for minutes on PostgreSQL at 100,000), and those left without
 * coupons back to none.
 */
export async function refreshCouponCounts(db: DbOrTx, posatoreUuid?: string | readonly string[]): Promise<void> {
  const some = typeof posatoreUuid === 'string' ? [posatoreUuid] : posatoreUuid;
  if (some?.length === 0) return;
  if (some && !isSqlite(db)) {
    // PostgreSQL: an UPDATE that waits for another transaction's lock on the row then counts with the snapshot it
    // took before waiting, missing what that one committed (two coupons of one installer redeemed at once). Taking
    // the rows first makes the recount a later statement, with a snapshot taken after they are free.
    await db
      .selectFrom('posatori')
      .select('uuid')
      .where('uuid', 'in', [...some].sort())
      .orderBy('uuid')
      .forNoKeyUpdate()
      .execute();
  }
  let emptied = db
    .updateTable('posatori')
    .set(noCouponTotals)
    .where('coupon', '!=', 0)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('coupons').whereRef('coupons.posatore', '=', 'posatori.uuid').select('uuid'))),
    );
  if (some) emptied = emptied.where('uuid', 'in', some);
  await emptied.execute();
  let held = db.selectFrom('coupons');
  if (some) held = held.where('coupons.posatore', 'in', some);
  const figures = held
    .select((eb) => [
      'coupons.posatore',
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number>('coupons.valore').as('valore'),
      eb.fn.count<number>('coupons.dtesecuzione').as('usati'),
      eb.fn.sum<number>('coupons.valore').filterWhere('coupons.dtesecuzione', 'is not', null).as('valore_usati'),
      eb.fn.max('coupons.dtesecuzione').as('ultima'),
    ])
    .groupBy('coupons.posatore')
    .as('f');
  await db
    .updateTable('posatori')
    .from(figures)
    .set((eb) => ({
      coupon: eb.ref('f.n'),
      coupon_valore: eb.ref('f.valore'),
      coupon_usati: eb.ref('f.usati'),
      coupon_valore_usati: eb.fn.coalesce('f.valore_usati', eb.lit(0)),
      coupon_ultima: eb.ref('f.ultima'),
    }))
    .whereRef('f.posatore', '=', 'posatori.uuid')
    .execute();
}
