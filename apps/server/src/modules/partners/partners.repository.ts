import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Database, DbOrTx } from '../../db/database.ts';
import { contains } from '../../lib/text-search.ts';
import type { PartnersTable } from './partners.table.ts';

/**
 * Which partners a viewer reaches (contract, "Who sees what"): all for admins; otherwise the union of the parts the
 * viewer holds: as area manager those assigned to them or located in their provinces of competence; as reseller
 * those assigned to them or located in their area (the provinces they serve and their own). A reseller scope with
 * an empty area is "assigned to them" only: what a reseller may change.
 */
export type PartnersScope =
  | { all: true }
  | {
      all: false;
      capoarea?: { uuid: string; provs: string[] } | undefined;
      rivenditore?: { uuid: string; area: string[] } | undefined;
    };

/** The one visibility rule of partners, applied to every list, get, update and delete below. */
export function visibleIn(scope: PartnersScope) {
  return (eb: ExpressionBuilder<Database, 'partners'>): Expression<SqlBool> => {
    if (scope.all) return sql<SqlBool>`1 = 1`;
    const ors: Expression<SqlBool>[] = [];
    const { capoarea, rivenditore } = scope;
    if (capoarea) {
      ors.push(eb('partners.capoarea', '=', capoarea.uuid));
      if (capoarea.provs.length > 0) ors.push(eb('partners.state', 'in', capoarea.provs));
    }
    if (rivenditore) {
      ors.push(eb('partners.rivenditore', '=', rivenditore.uuid));
      if (rivenditore.area.length > 0) ors.push(eb('partners.state', 'in', rivenditore.area));
    }
    return ors.length > 0 ? eb.or(ors) : sql<SqlBool>`1 = 0`;
  };
}

export type PartnersFilters = {
  ragsoc?: string | undefined;
  state?: string | undefined;
  code?: string | undefined;
  /** dtscad within [from, to] (YYYY-MM-DD, both included). */
  scadBetween?: { from: string; to: string } | undefined;
  /** dtscad set and before this date: expired. */
  scadBefore?: string | undefined;
};

function filtered(db: DbOrTx, scope: PartnersScope, f: PartnersFilters) {
  let q = db.selectFrom('partners').where(visibleIn(scope));
  const ragsoc = f.ragsoc?.trim().replace(/\s+/g, ' ');
  if (ragsoc) q = q.where(sql<SqlBool>`lower(partners.ragsoc) like ${contains(ragsoc)} escape '\\'`);
  const code = f.code?.trim();
  if (code) q = q.where(sql<SqlBool>`lower(partners.code) like ${contains(code)} escape '\\'`);
  if (f.state) q = q.where('partners.state', '=', f.state);
  if (f.scadBetween) {
    q = q.where('partners.dtscad', '>=', f.scadBetween.from).where('partners.dtscad', '<=', f.scadBetween.to);
  }
  if (f.scadBefore) q = q.where('partners.dtscad', '<>', '').where('partners.dtscad', '<', f.scadBefore);
  return q;
}

export async function countPartners(db: DbOrTx, scope: PartnersScope, f: PartnersFilters): Promise<number> {
  const row = await filtered(db, scope, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

const rowColumns = [
  'partners.uuid',
  'partners.img',
  'partners.ragsoc',
  'partners.code',
  'partners.state',
  'partners.dtstart',
  'partners.dtend',
  'partners.dtrinnovo',
  'partners.dtscad',
] as const;

/** One page of list rows by company name (uuid breaks ties so pages never overlap), or soonest expiry first. */
export async function listPartners(
  db: DbOrTx,
  scope: PartnersScope,
  f: PartnersFilters,
  page: { offset: number; size: number },
  order: 'ragsoc' | 'dtscad' = 'ragsoc',
) {
  let q = filtered(db, scope, f).select(rowColumns);
  q = order === 'dtscad' ? q.orderBy('partners.dtscad') : q.orderBy(sql`lower(partners.ragsoc)`);
  return q.orderBy('partners.uuid').limit(page.size).offset(page.offset).execute();
}

export async function findPartner(db: DbOrTx, scope: PartnersScope, uuid: string) {
  return db
    .selectFrom('partners')
    .where(visibleIn(scope))
    .where('partners.uuid', '=', uuid)
    .selectAll('partners')
    .executeTakeFirst();
}

export type PartnerValues = Omit<PartnersTable, 'uuid' | 'img' | 'dtrinnovo' | 'dtscad' | 'created_at' | 'updated_at'>;

export async function insertPartner(db: DbOrTx, uuid: string, values: PartnerValues, now: string): Promise<void> {
  await db
    .insertInto('partners')
    .values({ ...values, uuid, img: '', dtrinnovo: '', dtscad: '', created_at: now, updated_at: now })
    .execute();
}

export async function updatePartner(
  db: DbOrTx,
  scope: PartnersScope,
  uuid: string,
  values: PartnerValues,
  now: string,
): Promise<boolean> {
  const res = await db
    .updateTable('partners')
    .set({ ...values, updated_at: now })
    .where(visibleIn(scope))
    .where('partners.uuid', '=', uuid)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Deletes the partner with its payment rows (their files are the caller's, after the commit). */
export async function deletePartner(db: DbOrTx, scope: PartnersScope, uuid: string): Promise<boolean> {
  const row = await findPartner(db, scope, uuid);
  if (!row) return false;
  await db.deleteFrom('partner_payments').where('partner_uuid', '=', uuid).execute();
  await db.deleteFrom('partners').where('uuid', '=', uuid).execute();
  return true;
}

export async function prioritaExists(db: DbOrTx, value: string): Promise<boolean> {
  const row = await db
    .selectFrom('combos')
    .select('value')
    .where('combo', '=', 'priolist')
    .where('value', '=', value)
    .executeTakeFirst();
  return row !== undefined;
}

export async function capoareaExists(db: DbOrTx, uuid: string): Promise<boolean> {
  return (await db.selectFrom('capoarea').select('uuid').where('uuid', '=', uuid).executeTakeFirst()) !== undefined;
}

export async function rivenditoreExists(db: DbOrTx, uuid: string): Promise<boolean> {
  return (await db.selectFrom('rivenditori').select('uuid').where('uuid', '=', uuid).executeTakeFirst()) !== undefined;
}
