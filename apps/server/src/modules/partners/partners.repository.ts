import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Database, DbOrTx } from '../../db/database.ts';
import {
  listCount,
  pageRows,
  rememberedList,
  narrowList,
  reachList,
  startingThenContaining,
  type ListOrder,
  type ListQuery,
  type PageWindow,
  type ReachPart,
} from '../../lib/paging.ts';
import { fold, startsWith, textFilter, type TextField } from '../../lib/text-search.ts';
import type { PartnersTable } from './partners.table.ts';
import { rowsByKeys } from '../../lib/rows-by-keys.ts';

/**
 * Which partners a viewer reaches: all for admins; otherwise the union of the parts the
 * viewer holds: as area manager those assigned to them or located in their provinces of competence; as reseller
 * those assigned to them or located in their area (the provinces the admin assigned them). A reseller scope with
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

/** Sort key and search text of a partner, written with every insert and save. */
export function partnerKeys(p: { ragsoc: string; code: string }) {
  return { ragsoc_key: fold(p.ragsoc), code_key: fold(p.code) };
}

const ragsocField: TextField = { table: 'partners', search: 'ragsoc_key', prefix: ['ragsoc_key'] };
const codeField: TextField = { table: 'partners', search: 'code_key', prefix: ['code_key'] };

/** The parts of a scope (reachList); undefined: every partner. */
function scopeParts(scope: PartnersScope): ReachPart[] | undefined {
  if (scope.all) return undefined;
  const parts: ReachPart[] = [];
  if (scope.capoarea) {
    parts.push(['capoarea', scope.capoarea.uuid], ...scope.capoarea.provs.map((p): ReachPart => ['state', p]));
  }
  if (scope.rivenditore) {
    parts.push(['rivenditore', scope.rivenditore.uuid], ...scope.rivenditore.area.map((p): ReachPart => ['state', p]));
  }
  return parts;
}

/** The lists' filters over the partners (every list, its count and its export apply the same ones). */
function filtered(db: DbOrTx, f: PartnersFilters) {
  let q = db.selectFrom('partners');
  const texts = [textFilter(db, ragsocField, f.ragsoc), textFilter(db, codeField, f.code)].filter(
    (t) => t !== undefined,
  );
  for (const text of texts) q = q.where(text);
  if (f.state) q = q.where('partners.state', '=', f.state);
  if (f.scadBetween) {
    q = q.where('partners.dtscad', '>=', f.scadBetween.from).where('partners.dtscad', '<=', f.scadBetween.to);
  }
  if (f.scadBefore) q = q.where('partners.dtscad', '<>', '').where('partners.dtscad', '<', f.scadBefore);
  return { q, matched: texts.length > 0 };
}

/** Every filter's value, named once each: the type refuses a filter left out, so a list's key names all it reads. */
const filterValues = (f: PartnersFilters) =>
  ({
    ragsoc: f.ragsoc,
    state: f.state,
    code: f.code,
    scadBetween: f.scadBetween,
    scadBefore: f.scadBefore,
  }) satisfies Record<keyof PartnersFilters, unknown>;

/** The list: one arm per part of the scope (disjoint, and as they are: reachList), each with the filters. */
const list = rememberedList(
  (db: DbOrTx, scope: PartnersScope, f: PartnersFilters, by: 'ragsoc' | 'dtscad'): ListQuery<'partners'> => {
    const { q, matched } = filtered(db, f);
    const parts = scopeParts(scope);
    const arms = parts ? reachList('partners', q, parts) : { arms: [q] };
    return { table: 'partners', ...arms, order: orders[by], matched };
  },
  (scope, f, by) => [scopeParts(scope), filterValues(f), by],
);

/**
 * The portal accounts that stand for the partners of a list (scope and filters): the area manager and the reseller
 * each partner is assigned to (a partner company has no login of its own). One query per role, each selecting
 * user_uuid: a message stores them with INSERT ... SELECT, duplicates dropped by the recipients' primary key.
 */
export function contactAccountsOfList(db: DbOrTx, scope: PartnersScope, f: PartnersFilters) {
  const partners = filtered(db, f).q.where(visibleIn(scope));
  return [
    partners
      .innerJoin('capoarea', 'capoarea.uuid', 'partners.capoarea')
      .where('capoarea.user_uuid', 'is not', null)
      .select('capoarea.user_uuid as user_uuid'),
    partners
      .innerJoin('rivenditori', 'rivenditori.uuid', 'partners.rivenditore')
      .where('rivenditori.user_uuid', 'is not', null)
      .select('rivenditori.user_uuid as user_uuid'),
  ];
}

/**
 * One page of the partner export: the list's partners (scope and filters) by name after the cursor, through the
 * name-order index, with the names of their area manager and reseller.
 */
export function exportPage(
  db: DbOrTx,
  scope: PartnersScope,
  f: PartnersFilters,
  after: { ragsoc_key: string; uuid: string } | null,
  limit: number,
) {
  let q = filtered(db, f).q.where(visibleIn(scope));
  if (after) {
    q = q.where((eb) =>
      eb(eb.refTuple('partners.ragsoc_key', 'partners.uuid'), '>', eb.tuple(after.ragsoc_key, after.uuid)),
    );
  }
  return q
    .leftJoin('capoarea', 'capoarea.uuid', 'partners.capoarea')
    .leftJoin('rivenditori', 'rivenditori.uuid', 'partners.rivenditore')
    .selectAll('partners')
    .select(['capoarea.name as ca_name', 'capoarea.lastname as ca_lastname', 'rivenditori.ragsoc as riv_ragsoc'])
    .orderBy('partners.ragsoc_key')
    .orderBy('partners.uuid')
    .limit(limit)
    .execute();
}

export async function countPartners(db: DbOrTx, scope: PartnersScope, f: PartnersFilters): Promise<number> {
  return listCount(db, ['partners'], list(db, scope, f, 'ragsoc'));
}

const orders: Record<'ragsoc' | 'dtscad', ListOrder> = {
  ragsoc: [
    ['ragsoc_key', 'asc'],
    ['uuid', 'asc'],
  ],
  dtscad: [
    ['dtscad', 'asc'],
    ['uuid', 'asc'],
  ],
};

/** A page's rows by uuid. */
const listRows = rowsByKeys((db, uuids) =>
  db
    .selectFrom('partners')
    .select([
      'partners.uuid',
      'partners.img',
      'partners.ragsoc',
      'partners.code',
      'partners.state',
      'partners.dtstart',
      'partners.dtend',
      'partners.dtrinnovo',
      'partners.dtscad',
    ])
    .where('partners.uuid', 'in', uuids),
);

/** One page of list rows by company name (uuid breaks ties so pages never overlap), or soonest expiry first. */
export async function listPartners(
  db: DbOrTx,
  scope: PartnersScope,
  f: PartnersFilters,
  win: PageWindow,
  reccount: number,
  by: 'ragsoc' | 'dtscad' = 'ragsoc',
) {
  return pageRows(db, list(db, scope, f, by), win, reccount, (uuids) => listRows(db, uuids));
}

/**
 * The global search's companies in scope (docs/decisions/0020): those whose name starts with the text in name
 * order (a range of the scope's name indexes), then others whose name contains it, at most `limit` in all.
 */
export async function searchByName(db: DbOrTx, scope: PartnersScope, text: string, limit: number) {
  const needle = fold(text);
  if (needle === '') return [];
  const byName = list(db, scope, {}, 'ragsoc');
  const starting = startsWith('partners', 'ragsoc_key', needle);
  const lists = {
    starting: narrowList(byName, (arm) => arm.where(starting)),
    containing: list(db, scope, { ragsoc: text }, 'ragsoc'),
  };
  const key = (p: { ragsoc: string }) => fold(p.ragsoc);
  return startingThenContaining(
    db,
    lists,
    limit,
    (uuids) => listRows(db, uuids),
    (a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0),
  );
}

export async function findPartner(db: DbOrTx, scope: PartnersScope, uuid: string) {
  return db
    .selectFrom('partners')
    .where(visibleIn(scope))
    .where('partners.uuid', '=', uuid)
    .selectAll('partners')
    .executeTakeFirst();
}

export type PartnerValues = Omit<
  PartnersTable,
  'uuid' | 'img' | 'dtrinnovo' | 'dtscad' | 'created_at' | 'updated_at' | 'ragsoc_key' | 'code_key'
>;

export async function insertPartner(db: DbOrTx, uuid: string, values: PartnerValues, now: string): Promise<void> {
  await db
    .insertInto('partners')
    .values({
      ...values,
      ...partnerKeys(values),
      uuid,
      img: '',
      dtrinnovo: '',
      dtscad: '',
      created_at: now,
      updated_at: now,
    })
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
    .set({ ...values, ...partnerKeys(values), updated_at: now })
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
