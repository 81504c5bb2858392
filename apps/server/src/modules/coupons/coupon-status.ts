import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Database } from '../../db/database.ts';

/**
 * The one definition of a coupon's state, used by every list, figure, dashboard and export:
 * - used (utilizzato): executed, whatever its expiry;
 * - expired (scaduto): not executed and its expiry (scadenza, YYYY-MM-DD) is before today in Italy;
 * - valid (valido): not executed and expiring today or later.
 * `today` is todayInRome(): a coupon expiring today can still be redeemed today.
 */
export type CouponState = 'used' | 'expired' | 'valid';

type Eb = ExpressionBuilder<Database, 'coupons'>;

export function couponIs(state: CouponState, today: string) {
  return (eb: Eb): Expression<SqlBool> => {
    switch (state) {
      case 'used':
        return eb('coupons.dtesecuzione', 'is not', null);
      case 'expired':
        return eb.and([eb('coupons.dtesecuzione', 'is', null), eb('coupons.scadenza', '<', today)]);
      case 'valid':
        return eb.and([eb('coupons.dtesecuzione', 'is', null), eb('coupons.scadenza', '>=', today)]);
    }
  };
}

/** The same rule for one coupon already read, for services that decide on a single row. */
export function couponStateOf(coupon: { dtesecuzione: string | null; scadenza: string }, today: string): CouponState {
  if (coupon.dtesecuzione !== null) return 'used';
  return coupon.scadenza < today ? 'expired' : 'valid';
}
