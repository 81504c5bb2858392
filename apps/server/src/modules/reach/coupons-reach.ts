import type { DbOrTx } from '../../db/database.ts';
import { notFound } from '../../plugins/error-envelope.ts';
import * as repo from '../coupons/coupons.repository.ts';
import { posatoreFor, type PosatoreRow } from './posatori-reach.ts';
import { questions, type ActionRule, type Found } from './reach-rules.ts';
import { has, type Viewer } from './viewer.ts';

/**
 * How a viewer reaches one coupon by its uuid: only the admin does (an installer's coupons are listed through the
 * installer's reach, posatoreFor's 'coupons' actions; a reseller redeems by code, redeemerFor).
 */
export type CouponAccess = 'admin';

/** What reaching a coupon allows; anyone else never learns it exists. */
export const couponActions = {
  // A new type or expiry, or its removal, while it is not redeemed.
  edit: { allowed: ['admin'], otherwise: 404 },
} as const satisfies Record<string, ActionRule<CouponAccess>>;

export type CouponFound = Found<CouponAccess, NonNullable<Awaited<ReturnType<typeof repo.findCoupon>>>>;

/** The coupon as the viewer reaches it, with the row read on the way; undefined out of reach. */
export async function reachCoupon(db: DbOrTx, viewer: Viewer, uuid: string): Promise<CouponFound | undefined> {
  if (!has(viewer, 'admin')) return undefined;
  const row = await repo.findCoupon(db, uuid);
  return row && { access: 'admin', row };
}

const couponQuestions = questions(couponActions, reachCoupon);
/** Whether what was found allows the action. */
export const canCoupon = couponQuestions.can;
/** The coupon the viewer may act on, with its row: 404 out of reach, the action's refusal otherwise. */
export const couponFor = couponQuestions.for;

/**
 * Who redeems a code for an installer: the reseller the installer belongs to, with the installer's row and the
 * reseller's own uuid (from the scope that reached the installer); 404 for anyone else.
 */
export async function redeemerFor(
  db: DbOrTx,
  viewer: Viewer,
  posatore: string,
): Promise<{ row: PosatoreRow; rivenditore: string }> {
  const { scope, row } = await posatoreFor(db, viewer, posatore, 'redeem');
  const rivenditore = !scope.all && scope.rivenditore;
  if (!rivenditore) throw notFound();
  return { row, rivenditore };
}
