import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Database, DbOrTx } from '../../db/database.ts';
import {
  listCount,
  pageRows,
  rememberedList,
  reachList,
  type ListOrder,
  type ListQuery,
  type PageWindow,
  type ReachPart,
} from '../../lib/paging.ts';
import { fold, searchText, textFilter, type TextField } from '../../lib/text-search.ts';
import type { RivenditoriTable } from './rivenditori.table.ts';
import { rowsByKeys } from '../../lib/rows-by-keys.ts';
import { provsOfJoinedRows } from '../provs/provs.repository.ts';

/**
 * Which resellers a viewer reaches: all for admins; for an area manager those assigned
 * to them or located (address province) in their provinces of competence. Resellers reach no reseller row here:
 * their own record comes through the own-profile endpoints.
 */
export type RivenditoriScope = { all: true } | { all: false; capoarea?: { uuid: string; provs: string[] } };

/** The one visibility rule of resellers, applied to every list, get, update and delete below. */
export function visibleIn(scope: RivenditoriScope) {
  return (eb: ExpressionBuilder<Database, 'rivenditori'>): Expression<SqlBool> => {
    if (scope.all) return sql<SqlBool>`1 = 1`;
    if (!scope.capoarea) return sql<SqlBool>`1 = 0`;
    const ors: Expression<SqlBool>[] = [eb('rivenditori.capoarea', '=', scope.capoarea.uuid)];
    if (scope.capoarea.provs.length > 0) ors.push(eb('rivenditori.state', 'in', scope.capoarea.provs));
    return eb.or(ors);
  };
}

/** The accounts of the resellers a writer reaches: a message's recipients (modules/messages). */
export function accountsOfList(db: DbOrTx, scope: RivenditoriScope) {
  return db.selectFrom('rivenditori').select('user_uuid').where(visibleIn(scope));
}

/** At most `limit` resellers with an account whose name or company contains the text: the composer's typeahead. */
export async function accountsByName(db: DbOrTx, scope: RivenditoriScope, text: string, limit: number) {
  let q = db
    .selectFrom('rivenditori')
    .select(['user_uuid', 'ragsoc', 'name', 'lastname'])
    .where('user_uuid', 'is not', null)
    .where(visibleIn(scope))
    .orderBy('ragsoc_key')
    .limit(limit);
  const name = textFilter(db, nameField, text);
  if (name) q = q.where(name);
  const rows = await q.execute();
  return rows.flatMap((r) => (r.user_uuid ? [{ ...r, user_uuid: r.user_uuid }] : []));
}

/** Whether an area manager reaches this reseller (assigned to them or based in one of their provinces). */
export async function rivenditoreInReach(
  db: DbOrTx,
  capoarea: { uuid: string; provs: string[] },
  uuid: string,
): Promise<boolean> {
  return (await findRivenditore(db, { all: false, capoarea }, uuid)) !== undefined;
}

/**
 * A reseller's row with their provinces, one row per province (one with a null province when they have none):
 * every request of a reseller reads it, so it is one statement, compiled once.
 */
const rivenditoreWithProvs = rowsByKeys((db, userUuids) =>
  db
    .selectFrom('rivenditori')
    .leftJoin('rivenditori_provs', 'rivenditori_provs.rivenditore_uuid', 'rivenditori.uuid')
    .select(['rivenditori.uuid', 'rivenditori.state', 'rivenditori_provs.prov'])
    .where('rivenditori.user_uuid', 'in', userUuids)
    .orderBy('rivenditori_provs.prov'),
);

/** The reseller behind a login, with their area: the provinces they serve and their own. */
export async function rivenditoreOfUser(db: DbOrTx, userUuid: string) {
  const rows = await rivenditoreWithProvs(db, [userUuid]);
  const first = rows[0];
  if (!first) return undefined;
  return {
    uuid: first.uuid,
    state: first.state,
    provs: provsOfJoinedRows(rows),
  };
}

export type RivenditoriFilters = { name?: string | undefined; code?: string | undefined; state?: string | undefined };

/** Sort keys and search text of a reseller's names, written with every insert and save. */
function nameKeys(r: { ragsoc: string; name: string; lastname: string }) {
  return {
    ragsoc_key: fold(r.ragsoc),
    lastname_key: fold(r.lastname),
    name_search: searchText(r.ragsoc, `${r.name} ${r.lastname}`, `${r.lastname} ${r.name}`),
  };
}

/** All the derived columns of a new reseller row. */
export function rivenditoreKeys(r: { ragsoc: string; name: string; lastname: string; code: string }) {
  return { ...nameKeys(r), code_key: fold(r.code) };
}

/** The name search of the list, also the messages composer's typeahead. */
export const nameField: TextField = {
  table: 'rivenditori',
  search: 'name_search',
  prefix: ['ragsoc_key', 'lastname_key'],
};
const codeField: TextField = { table: 'rivenditori', search: 'code_key', prefix: ['code_key'] };

/** The parts of a scope (reachList): the area manager's own resellers, then one per province; undefined: all. */
function scopeParts(scope: RivenditoriScope): ReachPart[] | undefined {
  if (scope.all) return undefined;
  return scope.capoarea
    ? [['capoarea', scope.capoarea.uuid], ...scope.capoarea.provs.map((p): ReachPart => ['state', p])]
    : [];
}

/** Every filter's value, named once each: the type refuses a filter left out, so a list's key names all it reads. */
const filterValues = (f: RivenditoriFilters) =>
  ({ name: f.name, code: f.code, state: f.state }) satisfies Record<keyof RivenditoriFilters, unknown>;

/** The list: one arm per part of the area manager's reach (disjoint and as they are: reachList), or the table. */
const list = rememberedList(
  (db: DbOrTx, scope: RivenditoriScope, f: RivenditoriFilters): ListQuery<'rivenditori'> => {
    let q = db.selectFrom('rivenditori');
    const texts = [textFilter(db, nameField, f.name), textFilter(db, codeField, f.code)].filter((t) => t !== undefined);
    for (const text of texts) q = q.where(text);
    if (f.state) {
      const prov = f.state;
      // Located in the province, or serving it: both sides indexed (rivenditori_state, rivenditori_provs_prov).
      q = q.where((eb) =>
        eb.or([
          eb('rivenditori.state', '=', prov),
          eb(
            'rivenditori.uuid',
            'in',
            eb.selectFrom('rivenditori_provs').select('rivenditore_uuid').where('prov', '=', prov),
          ),
        ]),
      );
    }
    const matched = texts.length > 0 || Boolean(f.state);
    const parts = scopeParts(scope);
    if (!parts) return { table: 'rivenditori', arms: [q], order, matched };
    return { table: 'rivenditori', ...reachList('rivenditori', q, parts), order, matched };
  },
  (scope, f) => [scopeParts(scope), filterValues(f)],
);

export async function countRivenditori(db: DbOrTx, scope: RivenditoriScope, f: RivenditoriFilters): Promise<number> {
  return listCount(db, ['rivenditori', 'rivenditori_provs'], list(db, scope, f));
}

const order: ListOrder = [
  ['ragsoc_key', 'asc'],
  ['lastname_key', 'asc'],
  ['uuid', 'asc'],
];

export async function listRivenditori(
  db: DbOrTx,
  scope: RivenditoriScope,
  f: RivenditoriFilters,
  win: PageWindow,
  reccount: number,
) {
  return pageRows(db, list(db, scope, f), win, reccount, (uuids) => listRows(db, uuids));
}

/** A page's rows by uuid, with the account's stato. */
const listRows = rowsByKeys((db, uuids) =>
  db
    .selectFrom('rivenditori')
    .leftJoin('users', 'users.uuid', 'rivenditori.user_uuid')
    .select([
      'rivenditori.uuid',
      'rivenditori.img',
      'rivenditori.ragsoc',
      'rivenditori.name',
      'rivenditori.lastname',
      'rivenditori.state',
      'rivenditori.code',
      'users.stato as userstato',
    ])
    .where('rivenditori.uuid', 'in', uuids),
);

export async function findRivenditore(db: DbOrTx, scope: RivenditoriScope, uuid: string) {
  return db
    .selectFrom('rivenditori')
    .where(visibleIn(scope))
    .where('rivenditori.uuid', '=', uuid)
    .leftJoin('users', 'users.uuid', 'rivenditori.user_uuid')
    .selectAll('rivenditori')
    .select(['users.username', 'users.stato as userstato'])
    .executeTakeFirst();
}

export async function findRivenditoreByUser(db: DbOrTx, userUuid: string) {
  const row = await db.selectFrom('rivenditori').select('uuid').where('user_uuid', '=', userUuid).executeTakeFirst();
  return row && findRivenditore(db, { all: true }, row.uuid);
}

export type RivenditoreValues = Omit<
  RivenditoriTable,
  | 'uuid'
  | 'user_uuid'
  | 'img'
  | 'created_at'
  | 'updated_at'
  | 'ragsoc_key'
  | 'lastname_key'
  | 'name_search'
  | 'code_key'
>;

export async function insertRivenditore(
  db: DbOrTx,
  row: { uuid: string; user_uuid: string | null; values: RivenditoreValues; now: string },
): Promise<void> {
  await db
    .insertInto('rivenditori')
    .values({
      ...row.values,
      ...rivenditoreKeys(row.values),
      uuid: row.uuid,
      user_uuid: row.user_uuid,
      img: '',
      created_at: row.now,
      updated_at: row.now,
    })
    .execute();
}

export async function updateRivenditore(
  db: DbOrTx,
  scope: RivenditoriScope,
  uuid: string,
  values: Pick<RivenditoreValues, 'ragsoc' | 'name' | 'lastname'> & Partial<RivenditoreValues>,
  now: string,
): Promise<boolean> {
  const res = await db
    .updateTable('rivenditori')
    .set({
      ...values,
      ...nameKeys(values),
      ...(values.code === undefined ? {} : { code_key: fold(values.code) }),
      updated_at: now,
    })
    .where(visibleIn(scope))
    .where('rivenditori.uuid', '=', uuid)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/**
 * Deletes the row; the database empties the references to it (installers', partners' and coupons' rivenditore
 * become null: foreign keys ON DELETE SET NULL) and drops the provinces by cascade.
 */
export async function deleteRivenditore(db: DbOrTx, scope: RivenditoriScope, uuid: string) {
  return db
    .deleteFrom('rivenditori')
    .where(visibleIn(scope))
    .where('rivenditori.uuid', '=', uuid)
    .returning('user_uuid')
    .executeTakeFirst();
}

export async function rivenditoreExists(db: DbOrTx, uuid: string): Promise<boolean> {
  return (await db.selectFrom('rivenditori').select('uuid').where('uuid', '=', uuid).executeTakeFirst()) !== undefined;
}
