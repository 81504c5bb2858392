import type { DbOrTx } from '../../db/database.ts';
import { cachedCount } from '../../lib/list-counts.ts';
import { couponIs, type CouponState } from '../coupons/coupon-status.ts';

/**
 * Coupons in a state, network-wide (the admin's tiles): one range of coupons_state, cached until a coupon changes
 * (list_versions). `today` is part of the query, so the expired count moves on at midnight by itself.
 */
export async function countCoupons(db: DbOrTx, state: CouponState, today: string): Promise<number> {
  return cachedCount(
    db,
    ['coupons'],
    [
      db
        .selectFrom('coupons')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(couponIs(state, today)),
    ],
  );
}
