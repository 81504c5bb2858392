import type { CouponsTable } from '../../modules/coupons/coupons.table.ts';
import { newId } from '../../lib/tokens.ts';
import type { DemoContext } from './demo-context.ts';
import type { Covering } from './demo-registry.ts';
import { must } from './random.ts';

/** A coupon type as the installers' coupons need it. */
export type DemoCouponType = { uuid: string; valore: number; mesi: number; active: boolean };

const couponTypes = [
  {
    tipo: 'Corso base',
    ncoupon: 1,
    colore: '#1976d2',
    valore: 5000,
    mesi: 12,
    descri: 'Coupon per la partecipazione al corso base',
    disattiva: 0,
  },
  {
    tipo: 'Sconto materiali',
    ncoupon: 2,
    colore: '#2e7d32',
    valore: 10000,
    mesi: 6,
    descri: 'Sconto sull’acquisto di materiali presso i rivenditori',
    disattiva: 0,
  },
  {
    tipo: 'Premio fedeltà',
    ncoupon: 1,
    colore: '#c62828',
    valore: 2500,
    mesi: 3,
    descri: 'Premio per gli installatori certificati',
    disattiva: 0,
  },
  {
    tipo: 'Promo estate 2025',
    ncoupon: 3,
    colore: '#f9a825',
    valore: 1500,
    mesi: 3,
    descri: 'Promozione stagionale conclusa',
    disattiva: 1,
  },
];

/** The four coupon types, the last one disabled (a promotion that ended). */
export async function seedCouponTypes(ctx: DemoContext): Promise<DemoCouponType[]> {
  const ids: DemoCouponType[] = [];
  for (const ct of couponTypes) {
    const uuid = newId();
    await ctx.tx
      .insertInto('coupon_types')
      .values({ uuid, ...ct, minima: ct.valore * 4, ccoupon: 0, created_at: ctx.now })
      .execute();
    ids.push({ uuid, valore: ct.valore, mesi: ct.mesi, active: ct.disattiva === 0 });
  }
  return ids;
}

/** The demo installer's coupons: one of each case (redeemed, valid, expired, of a disabled type). */
export function demoPosatoreCoupons(
  ctx: DemoContext,
  types: readonly DemoCouponType[],
  posatore: string,
  rivenditore: string,
): CouponsTable[] {
  const cases = [
    { type: 0, scadenza: ctx.isoDay(200), dtesecuzione: ctx.isoDay(-30) },
    { type: 1, scadenza: ctx.isoDay(90), dtesecuzione: null },
    { type: 1, scadenza: ctx.isoDay(-10), dtesecuzione: null },
    { type: 2, scadenza: ctx.isoDay(45), dtesecuzione: null },
    { type: 0, scadenza: ctx.isoDay(300), dtesecuzione: null },
    { type: 3, scadenza: ctx.isoDay(20), dtesecuzione: null },
  ];
  return cases.map((c) => {
    const t = must(types[c.type], 'tipo coupon');
    return {
      uuid: newId(),
      code: ctx.couponCode(),
      posatore,
      tipo: t.uuid,
      valore: t.valore,
      scadenza: c.scadenza,
      dtesecuzione: c.dtesecuzione,
      rivenditore: c.dtesecuzione ? rivenditore : null,
      created_at: ctx.now,
    };
  });
}

/** One to four coupons of any type for an installer, some redeemed at their reseller (or any one). */
export function randomCoupons(
  ctx: DemoContext,
  types: readonly DemoCouponType[],
  rivenditori: readonly Covering[],
  posatore: { uuid: string; rivenditore: string | null },
): CouponsTable[] {
  const coupons: CouponsTable[] = [];
  for (let c = ctx.int(1, 4); c > 0; c--) {
    const t = ctx.pick(types);
    const executed = t.active && ctx.chance(0.35);
    const seller = posatore.rivenditore ?? (executed ? ctx.pick(rivenditori).uuid : null);
    const expiresIn = ctx.int(-200, 330);
    const executedAgo = executed ? ctx.int(1, 300) : undefined;
    // Assigned the type's months before it expires (never in the future, never after its redemption), so the
    // statistics' coupons per month have a history.
    const assignedIn = Math.min(0, expiresIn - t.mesi * 30, executedAgo === undefined ? 0 : -executedAgo);
    coupons.push({
      uuid: newId(),
      code: ctx.couponCode(),
      posatore: posatore.uuid,
      tipo: t.uuid,
      valore: t.valore,
      scadenza: ctx.isoDay(expiresIn),
      dtesecuzione: executedAgo === undefined ? null : ctx.isoDay(-executedAgo),
      rivenditore: executed ? seller : null,
      created_at: new Date(ctx.today.getTime() + assignedIn * 86_400_000).toISOString(),
    });
  }
  return coupons;
}
