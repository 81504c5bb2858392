import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import { pageRows, type ListQuery, type PageWindow } from '../../lib/paging.ts';
import { couponIs, type CouponState } from './coupon-status.ts';
import type { PosatoreCouponTotals } from '../posatori/posatori.table.ts';
import type { CouponsTable } from './coupons.table.ts';
import { rowsByKeys } from '../../lib/rows-by-keys.ts';

/** An installer's coupons with their type and the reseller that redeemed them; the index coupons_figures finds them. */
function ofInstaller(db: DbOrTx, posatore: string) {
  return db
    .selectFrom('coupons')
    .innerJoin('coupon_types', 'coupon_types.uuid', 'coupons.tipo')
    .leftJoin('rivenditori', 'rivenditori.uuid', 'coupons.rivenditore')
    .where('coupons.posatore', '=', posatore);
}

/**
 * One page of an installer's coupons (pageRows): valid ones first, soonest expiry first (what the counter needs),
 * then used and expired ones, newest first. An installer holds tens of coupons, so the order is computed over their
 * rows only.
 */
export function listOfInstaller(db: DbOrTx, posatore: string, today: string, win: PageWindow, reccount: number) {
  const valid = sql`coupons.dtesecuzione is null and coupons.scadenza >= ${today}`;
  const list: ListQuery<'coupons'> = {
    table: 'coupons',
    arms: [db.selectFrom('coupons').where('coupons.posatore', '=', posatore)],
    order: [
      ['valid_last', 'asc', sql`case when ${valid} then 0 else 1 end`],
      ['valid_expiry', 'asc', sql`case when ${valid} then coupons.scadenza end`],
      ['closed_on', 'desc', sql`coalesce(coupons.dtesecuzione, coupons.scadenza)`],
      ['uuid', 'asc'],
    ],
    matched: false,
  };
  return pageRows(db, list, win, reccount, (uuids) => couponRows(db, uuids, { posatore }));
}

/** A page's coupons by uuid, with their type's label and colour and the reseller who redeemed them. */
const couponRows = rowsByKeys((db, uuids, { posatore }: { posatore: string }) =>
  ofInstaller(db, posatore)
    .where('coupons.uuid', 'in', uuids)
    .select([
      'coupons.uuid',
      'coupons.code',
      'coupons.dtesecuzione',
      'coupons.tipo',
      'coupon_types.tipo as destipo',
      'coupon_types.colore',
      'coupon_types.disattiva as tipo_disattiva',
      'coupons.valore',
      'coupons.scadenza',
      'rivenditori.ragsoc as riv_ragsoc',
      'rivenditori.name as riv_name',
      'rivenditori.lastname as riv_lastname',
    ]),
);

/** Count and value (cents) of an installer's coupons in each state, in one pass over their rows. */
export async function totalsOfInstaller(db: DbOrTx, posatore: string, today: string) {
  const row = await db
    .selectFrom('coupons')
    .where('coupons.posatore', '=', posatore)
    .select((eb) => {
      const of = (state: CouponState) => couponIs(state, today);
      return [
        eb.fn.countAll<number>().as('tot_n'),
        eb.fn.coalesce(eb.fn.sum<number>('coupons.valore'), eb.lit(0)).as('tot_valore'),
        eb.fn.countAll<number>().filterWhere(of('valid')).as('valid_n'),
        eb.fn.sum<number>('coupons.valore').filterWhere(of('valid')).as('valid_valore'),
        eb.fn.countAll<number>().filterWhere(of('used')).as('used_n'),
        eb.fn.sum<number>('coupons.valore').filterWhere(of('used')).as('used_valore'),
        eb.fn.countAll<number>().filterWhere(of('expired')).as('expired_n'),
        eb.fn.sum<number>('coupons.valore').filterWhere(of('expired')).as('expired_valore'),
      ];
    })
    .executeTakeFirstOrThrow();
  const n = (v: unknown) => Number(v ?? 0);
  return {
    tot: { n: n(row.tot_n), cents: n(row.tot_valore) },
    valid: { n: n(row.valid_n), cents: n(row.valid_valore) },
    used: { n: n(row.used_n), cents: n(row.used_valore) },
    expired: { n: n(row.expired_n), cents: n(row.expired_valore) },
  };
}

export function findCoupon(db: DbOrTx, uuid: string) {
  return db.selectFrom('coupons').selectAll().where('uuid', '=', uuid).executeTakeFirst();
}

/**
 * Changes a coupon that is still not redeemed: the condition sits in the UPDATE itself, so a redemption that
 * commits first wins and this changes nothing (false).
 */
export async function updateUnredeemed(
  db: DbOrTx,
  uuid: string,
  values: Partial<Pick<CouponsTable, 'tipo' | 'valore' | 'scadenza'>>,
): Promise<boolean> {
  const res = await db
    .updateTable('coupons')
    .set(values)
    .where('uuid', '=', uuid)
    .where('dtesecuzione', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function deleteUnredeemed(db: DbOrTx, uuid: string): Promise<boolean> {
  const res = await db
    .deleteFrom('coupons')
    .where('uuid', '=', uuid)
    .where('dtesecuzione', 'is', null)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

export async function insertCoupons(db: DbOrTx, rows: CouponsTable[]): Promise<void> {
  // 9 columns a row: 1,000 rows are 9,000 parameters, below SQLite's 32,766 and PostgreSQL's 65,535.
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insertInto('coupons')
      .values(rows.slice(i, i + 1000))
      .execute();
  }
}

/**
 * The redemption, in one statement: the code must be this installer's, not redeemed, not expired, of an active
 * type, and the installer's profile in order. Two resellers racing for one code: the second UPDATE finds dtesecuzione
 * set (PostgreSQL re-checks the row after the first commits; SQLite runs one writer at a time) and changes nothing.
 * Answers the redeemed coupon's uuid, or nothing.
 */
export async function redeem(
  db: DbOrTx,
  r: { posatore: string; code: string; rivenditore: string; today: string },
): Promise<string | undefined> {
  const res = await db
    .updateTable('coupons')
    .set({ dtesecuzione: r.today, rivenditore: r.rivenditore })
    .where('code', '=', r.code)
    .where('posatore', '=', r.posatore)
    .where('dtesecuzione', 'is', null)
    .where('scadenza', '>=', r.today)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('coupon_types')
          .select('coupon_types.uuid')
          .whereRef('coupon_types.uuid', '=', 'coupons.tipo')
          .where('coupon_types.disattiva', '=', 0),
      ),
    )
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('posatori')
          .select('posatori.uuid')
          .whereRef('posatori.uuid', '=', 'coupons.posatore')
          // Only an installer whose profile is in order (docs/decisions/0009): not suspended, not incomplete.
          .where('posatori.stato', '=', 'OK'),
      ),
    )
    .returning('uuid')
    .executeTakeFirst();
  return res?.uuid;
}

/**
 * The coupon figures of a page of installers (an export's rows), in one grouped read of the covering index
 * coupons_figures: totals, expired, used and still valid, each counted and summed (cents), the last redemption and
 * the latest expiry of the valid ones. tipo: only coupons of that type. The whole registry without a type reads
 * its figures from the installers' rows instead (figuresFromTotals).
 */
export async function figuresOf(
  db: DbOrTx,
  posatori: readonly string[],
  today: string,
  tipo?: string,
): Promise<Map<string, CouponFigures>> {
  if (posatori.length === 0) return new Map();
  let q = db.selectFrom('coupons').where('coupons.posatore', 'in', posatori);
  if (tipo) q = q.where('coupons.tipo', '=', tipo);
  const rows = await q
    // Conditional aggregates as FILTER clauses (SQLite and PostgreSQL): cheaper per coupon than sum(case ...).
    .select((eb) => {
      const of = (state: CouponState) => couponIs(state, today);
      return [
        'coupons.posatore',
        eb.fn.countAll<number>().as('tot'),
        eb.fn.sum<number>('coupons.valore').as('valore'),
        eb.fn.countAll<number>().filterWhere(of('expired')).as('scaduti'),
        eb.fn.sum<number>('coupons.valore').filterWhere(of('expired')).as('valore_scaduti'),
        eb.fn.countAll<number>().filterWhere(of('used')).as('usati'),
        eb.fn.sum<number>('coupons.valore').filterWhere(of('used')).as('valore_usati'),
        eb.fn.countAll<number>().filterWhere(of('valid')).as('rimanenti'),
        eb.fn.sum<number>('coupons.valore').filterWhere(of('valid')).as('valore_rimanenti'),
        eb.fn.max('coupons.dtesecuzione').as('ultima'),
        eb.fn.max('coupons.scadenza').filterWhere(of('valid')).as('scadenza'),
      ];
    })
    .groupBy('coupons.posatore')
    .execute();
  const n = (v: unknown) => Number(v ?? 0);
  return new Map(
    rows.map((r): [string, CouponFigures] => [
      r.posatore,
      {
        tot: n(r.tot),
        valore: n(r.valore),
        scaduti: n(r.scaduti),
        valore_scaduti: n(r.valore_scaduti),
        usati: n(r.usati),
        valore_usati: n(r.valore_usati),
        rimanenti: n(r.rimanenti),
        valore_rimanenti: n(r.valore_rimanenti),
        ultima: r.ultima ?? '',
        scadenza: r.scadenza ?? '',
      },
    ]),
  );
}

/** An installer's coupon figures; money in cents, dates YYYY-MM-DD or ''. */
export type CouponFigures = {
  tot: number;
  valore: number;
  scaduti: number;
  valore_scaduti: number;
  usati: number;
  valore_usati: number;
  rimanenti: number;
  valore_rimanenti: number;
  ultima: string;
  scadenza: string;
};

export const noFigures: CouponFigures = {
  tot: 0,
  valore: 0,
  scaduti: 0,
  valore_scaduti: 0,
  usati: 0,
  valore_usati: 0,
  rimanenti: 0,
  valore_rimanenti: 0,
  ultima: '',
  scadenza: '',
};

/** An installer's coupons valid today: how many, their value (cents) and the latest expiry. */
export type ValidFigures = { n: number; valore: number; scadenza: string };

/**
 * Every installer's coupons valid today, in one range of the index coupons_state (not redeemed, expiring today or
 * later), which carries installer and value: about a tenth of the coupons, where a pass over all of them took
 * 0.6-0.7 s at 2,000,000.
 */
export async function validFiguresOfAll(db: DbOrTx, today: string): Promise<Map<string, ValidFigures>> {
  const rows = await db
    .selectFrom('coupons')
    .where(couponIs('valid', today))
    .select((eb) => [
      'coupons.posatore',
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number>('coupons.valore').as('valore'),
      eb.fn.max('coupons.scadenza').as('scadenza'),
    ])
    .groupBy('coupons.posatore')
    .execute();
  return new Map(
    rows.map((r) => [r.posatore, { n: Number(r.n), valore: Number(r.valore ?? 0), scadenza: r.scadenza ?? '' }]),
  );
}

/**
 * The figures from what an installer's row keeps (refreshCouponCounts) and today's valid ones: the rest of what is
 * not redeemed has expired (one definition: couponIs).
 */
export function figuresFromTotals(t: PosatoreCouponTotals, valid: ValidFigures | undefined): CouponFigures {
  const rimanenti = valid?.n ?? 0;
  const valoreRimanenti = valid?.valore ?? 0;
  return {
    tot: t.coupon,
    valore: t.coupon_valore,
    scaduti: t.coupon - t.coupon_usati - rimanenti,
    valore_scaduti: t.coupon_valore - t.coupon_valore_usati - valoreRimanenti,
    usati: t.coupon_usati,
    valore_usati: t.coupon_valore_usati,
    rimanenti,
    valore_rimanenti: valoreRimanenti,
    ultima: t.coupon_ultima ?? '',
    scadenza: valid?.scadenza ?? '',
  };
}

/** Every coupon of a page of installers (the coupon log export), with its type and who redeemed it. */
export function couponsOf(db: DbOrTx, posatori: readonly string[]) {
  if (posatori.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('coupons')
    .innerJoin('coupon_types', 'coupon_types.uuid', 'coupons.tipo')
    .leftJoin('rivenditori', 'rivenditori.uuid', 'coupons.rivenditore')
    .select([
      'coupons.posatore',
      'coupons.code',
      'coupons.valore',
      'coupons.scadenza',
      'coupons.dtesecuzione',
      'coupons.created_at',
      'coupon_types.tipo as destipo',
      'rivenditori.ragsoc as riv_ragsoc',
    ])
    .where('coupons.posatore', 'in', posatori)
    .orderBy('coupons.posatore')
    .orderBy('coupons.created_at')
    .execute();
}
