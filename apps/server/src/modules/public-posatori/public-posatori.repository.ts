import type { SelectQueryBuilder } from 'kysely';
import type { Database, DbOrTx } from '../../db/database.ts';
import {
  listCount,
  pageRows,
  rememberedList,
  type ListOrder,
  type ListQuery,
  type PageWindow,
} from '../../lib/paging.ts';
import { textFilter } from '../../lib/text-search.ts';
import { nameField } from '../posatori/posatori.repository.ts';
import { rowsByKeys } from '../../lib/rows-by-keys.ts';

/**
 * The installers the public locator publishes: 'web' on and the profile OK (never incomplete or suspended). Every
 * query of this file starts here, or (a page's rows, read by key) checks `isPublished` on the rows it read, so
 * nothing else can leak into a public page.
 */
const published = (db: DbOrTx) =>
  db.selectFrom('posatori').where('posatori.web', '=', 1).where('posatori.stato', '=', 'OK');
const isPublished = (r: { web: number; stato: string }) => r.web === 1 && r.stato === 'OK';

export type PublicFilters = { prov?: string | undefined; tipo?: string | undefined; q?: string | undefined };

/** Certified first, then by name: the order of the index posatori_pubblici, which a province or qualification filters. */
const publicOrder: ListOrder = [
  ['certificato', 'desc'],
  ['lastname_key', 'asc'],
  ['name_key', 'asc'],
  ['uuid', 'asc'],
];

/** The list, built and compiled once per filters (rememberedList), as the portal's other lists are. */
const list = rememberedList(
  (db: DbOrTx, f: PublicFilters): ListQuery<'posatori'> => {
    let q = published(db);
    if (f.prov) q = q.where('posatori.state', '=', f.prov);
    if (f.tipo) q = q.where('posatori.tipo', '=', f.tipo);
    const text = textFilter(db, nameField, f.q);
    if (text) q = q.where(text);
    return { table: 'posatori', arms: [q], order: publicOrder, matched: text !== undefined, keysOf: ['posatori'] };
  },
  // Every filter named: the type refuses one left out, so one key is one list.
  (f) => ({ prov: f.prov, tipo: f.tipo, q: f.q }) satisfies Record<keyof PublicFilters, unknown>,
);

export const countPublished = (db: DbOrTx, f: PublicFilters) => listCount(db, ['posatori'], list(db, f));

/** What a public page shows of an installer, and nothing more (no tax code, contacts, address or birth date). */
const publicColumns = [
  'posatori.uuid',
  'posatori.name',
  'posatori.lastname',
  'posatori.azienda',
  'posatori.city',
  'posatori.state',
  'posatori.tipo',
  'combos.label as destipo',
  'posatori.certificato',
  'posatori.img',
] as const;

const labelled = <Q extends SelectQueryBuilder<Database, 'posatori', object>>(q: Q) =>
  q.leftJoin('combos', (j) => j.onRef('combos.value', '=', 'posatori.tipo').on('combos.combo', '=', 'qualifiche'));
const withLabels = (db: DbOrTx) => labelled(published(db));

export type PublicRow = Awaited<ReturnType<typeof publishedRows>>[number];

/**
 * A page's rows by primary key. Published is checked on the rows read, not in the WHERE: there SQLite, which has no
 * statistics, took `web = 1 and stato = 'OK'` for the narrower index and read every published installer's entry of
 * posatori_pubblici (28,000 on the stress data, 3.5 ms) instead of the page's rows by key (0.1 ms).
 */
async function publishedRows(db: DbOrTx, uuids: string[]) {
  const rows = await rowsWithPublished(db, uuids);
  return rows.filter(isPublished).map(({ web: _web, stato: _stato, ...row }) => row);
}
const rowsWithPublished = rowsByKeys((db, uuids) =>
  labelled(db.selectFrom('posatori'))
    .select([...publicColumns, 'posatori.web', 'posatori.stato'])
    .where('posatori.uuid', 'in', uuids),
);

export function listPublished(db: DbOrTx, f: PublicFilters, win: PageWindow, reccount: number) {
  return pageRows(db, list(db, f), win, reccount, (uuids) => publishedRows(db, uuids));
}

/** One published installer, with the account their inbox belongs to (for the contact form, never shown). */
export function findPublished(db: DbOrTx, uuid: string) {
  return withLabels(db)
    .leftJoin('users', (j) => j.onRef('users.uuid', '=', 'posatori.user_uuid').on('users.stato', '=', 'active'))
    .select([...publicColumns, 'users.uuid as user_uuid', 'users.email as user_email'])
    .where('posatori.uuid', '=', uuid)
    .executeTakeFirst();
}

/** Every published installer's key, in name order, for the sitemap (bounded by the caller). */
export function publishedKeys(db: DbOrTx, limit: number) {
  return published(db)
    .select(['posatori.uuid', 'posatori.updated_at'])
    .orderBy('posatori.certificato', 'desc')
    .orderBy('posatori.lastname_key')
    .orderBy('posatori.name_key')
    .orderBy('posatori.uuid')
    .limit(limit)
    .execute();
}
