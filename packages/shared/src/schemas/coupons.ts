import { z } from 'zod';
import { msg } from '../messages-it.ts';
import { normalizeCouponCode } from '../validation/coupon-code.ts';
import { requiredDate, text, euros } from './fields.ts';
import { pagedReply, pagingQuery } from './paging.ts';
import { posatoriQuery } from './posatori.ts';
import { formRefusal } from './errors.ts';

/** Renewal: the expiry becomes today + 90 days (3 x 30). */
export const COUPON_RENEWAL_DAYS = 90;
export const COUPON_TYPE_NAME_MAX = 50;
export const COUPON_TYPE_DESCRI_MAX = 200;
/** The most coupons one assignment gives each installer, and the longest validity a type may have. */
export const NCOUPON_MAX = 50;
export const MESI_MAX = 120;

/** A coupon's state, one definition everywhere (the server's coupon-status.ts computes it). */
export const couponStati = ['valid', 'used', 'expired'] as const;
export type CouponStato = (typeof couponStati)[number];
export const couponStatoLabels: Record<CouponStato, string> = {
  valid: 'Valido',
  used: 'Utilizzato',
  expired: 'Scaduto',
};

/**
 * A coupon type: valore and minima in euros; ccoupon counts the coupons of this type;
 * disattiva: no new coupons of it are assigned and its coupons cannot be redeemed.
 */
export const couponTypeRow = z.object({
  uuid: z.string(),
  tipo: z.string(),
  colore: z.string(),
  valore: z.number(),
  ncoupon: z.number().int(),
  minima: z.number(),
  mesi: z.number().int(),
  descri: z.string(),
  ccoupon: z.number().int(),
  disattiva: z.boolean(),
});
export type CouponTypeRow = z.infer<typeof couponTypeRow>;
export const couponTypesReply = z.array(couponTypeRow);

/** GET /api/ntcoupon: what the new-type form starts from (the form's fields, not yet valid: the name is empty). */
export const couponTypeBlank = couponTypeRow.omit({ uuid: true, ccoupon: true, disattiva: true });
export type CouponTypeBlank = z.infer<typeof couponTypeBlank>;

/** POST /api/tcoupon/{id} ('nuovo' creates): the type's form, the same schema in the browser and on the server. */
export const couponTypeForm = z.object({
  tipo: z
    .string()
    .trim()
    .min(1, 'Tipo obbligatorio')
    .max(COUPON_TYPE_NAME_MAX, `Al massimo ${COUPON_TYPE_NAME_MAX} caratteri`),
  valore: euros,
  descri: text(COUPON_TYPE_DESCRI_MAX),
  colore: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Colore non valido (#RRGGBB)'),
  ncoupon: z
    .number({ error: 'Numero non valido' })
    .int('Numero non valido')
    .min(1, 'Almeno 1 coupon')
    .max(NCOUPON_MAX, `Al massimo ${NCOUPON_MAX} coupon`),
  minima: euros,
  mesi: z
    .number({ error: 'Numero non valido' })
    .int('Numero non valido')
    .min(1, 'Almeno 1 mese')
    .max(MESI_MAX, `Al massimo ${MESI_MAX} mesi`),
});
formRefusal.add(couponTypeForm, { refusal: 'correct-fields' });
export type CouponTypeForm = z.infer<typeof couponTypeForm>;

/** /api/tcoupon/{id}: a type's uuid, or 'nuovo' on POST to create one. */
export const couponTypeIdParam = z.object({ id: z.union([z.literal('nuovo'), z.uuid()]) });
export const couponTypeUuidParam = z.object({ id: z.uuid() });

/**
 * A coupon. dtesecuzione: the redemption date ('' while not redeemed); stato from the one
 * definition; rivenditore: who redeemed it ('' while not redeemed); colore: its type's colour.
 */
export const couponRow = z.object({
  uuid: z.string(),
  code: z.string(),
  dtesecuzione: z.string(),
  tipo: z.string(),
  destipo: z.string(),
  colore: z.string(),
  valore: z.number(),
  scadenza: z.string(),
  stato: z.enum(couponStati),
  rivenditore: z.string(),
  /** Its type is switched off: while so, a valid coupon cannot be redeemed. */
  tipodisattivo: z.boolean(),
});
export type CouponRow = z.infer<typeof couponRow>;

/** Count and value (euros) of a group of coupons. */
const figure = z.object({ n: z.number().int(), valore: z.number() });
export const couponTotals = z.object({ tot: figure, valid: figure, used: figure, expired: figure });
export type CouponTotals = z.infer<typeof couponTotals>;

/**
 * GET /api/coupons/{id} and /api/readcoupons/{id} (id: the installer): their coupons, valid first (soonest expiry
 * first), then used and expired, newest first; with the totals of all of them and the installer's name.
 */
export const couponsPage = pagedReply(couponRow).extend({ totals: couponTotals, posatore: z.string() });
export type CouponsPage = z.infer<typeof couponsPage>;
export const couponsQuery = pagingQuery;
export const installerIdParam = z.object({ id: z.uuid() });
export const couponIdParam = z.object({ id: z.uuid() });

/**
 * POST /api/setcoupon/{id}: a new type (ptipo) or a new expiry (pscadenza, YYYY-MM-DD; renewal sends today + 90
 * days), one at a time; only while the coupon is not redeemed.
 */
export const setCouponBody = z.union([
  z.object({ ptipo: z.uuid({ error: 'Tipo coupon non valido' }) }).strict(),
  z.object({ pscadenza: requiredDate }).strict(),
]);
formRefusal.add(setCouponBody, { refusal: 'first-message' });
export type SetCouponBody = z.infer<typeof setCouponBody>;

/**
 * POST /api/assegnacoupon: coupons of a type for one installer (posatore), or for every installer the admin's list
 * shows with its current filters (filtro); each gets the type's ncoupon, expiring today + the type's months.
 */
const listFilters = posatoriQuery.omit({ page: true, size: true, order: true });
export const assignCouponsBody = z.union([
  z.object({ tipo: z.uuid({ error: 'Tipo coupon non valido' }), posatore: z.uuid() }).strict(),
  z.object({ tipo: z.uuid({ error: 'Tipo coupon non valido' }), filtro: listFilters }).strict(),
]);
formRefusal.add(assignCouponsBody, { refusal: 'first-message' });
export type AssignCouponsBody = z.infer<typeof assignCouponsBody>;
export const assignCouponsReply = z.object({
  res: z.literal('OK'),
  posatori: z.number().int(),
  coupon: z.number().int(),
});
export type AssignCouponsReply = z.infer<typeof assignCouponsReply>;

/**
 * POST /api/posatori/{uuid}/coupon {code}: the reseller redeems a code for an installer. The code is checked in the
 * browser and on the server with the same rule (its check symbol), so a typo never reaches the database.
 */
export const redeemBody = z.object({
  code: z
    .string()
    .max(40, msg.couponNonValido)
    .refine((v) => normalizeCouponCode(v) !== undefined, msg.couponNonValido),
});
formRefusal.add(redeemBody, { refusal: 'first-message' });
export type RedeemBody = z.infer<typeof redeemBody>;
export const redeemReply = z.union([
  z.object({ res: z.literal('OK'), code: z.string() }),
  z.object({ res: z.literal('KO'), code: z.string(), reason: z.string() }),
]);
export type RedeemReply = z.infer<typeof redeemReply>;
