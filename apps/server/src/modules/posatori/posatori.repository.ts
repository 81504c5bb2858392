import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import type { AccountStato, PosaOrder } from '@portal/shared/schemas/posatori';
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
import { fold, searchText, startsWith, textFilter, type TextField } from '../../lib/text-search.ts';
import { rowsByKeys } from '../../lib/rows-by-keys.ts';
import { removeAccountRole } from '../auth/users.repository.ts';
import type { PosatoreCouponTotals, PosatoreStato, PosatoriTable } from './posatori.table.ts';

/**
 * Which installers a viewer reaches: all for admins; otherwise the union of the
 * parts the viewer holds: as area manager those assigned to them or located in their provinces, as reseller
 * those assigned to them, as installer themselves.
 */
export type PosatoriScope =
  | { all: true }
  | {
      all: false;
      capoarea?: { uuid: string; provs: string[] };
      rivenditore?: string;
      userUuid?: string;
    };

/** The one visibility rule of installers, applied to every list, get, update and delete below. */
export function visibleIn(scope: PosatoriScope) {
  return (eb: ExpressionBuilder<Database, 'posatori'>): Expression<SqlBool> => {
    if (scope.all) return sql<SqlBool>`1 = 1`;
    const ors: Expression<SqlBool>[] = [];
    if (scope.capoarea) {
      ors.push(eb('posatori.capoarea', '=', scope.capoarea.uuid));
      if (scope.capoarea.provs.length > 0) ors.push(eb('posatori.state', 'in', scope.capoarea.provs));
    }
    if (scope.rivenditore) ors.push(eb('posatori.rivenditore', '=', scope.rivenditore));
    if (scope.userUuid) ors.push(eb('posatori.user_uuid', '=', scope.userUuid));
    return ors.length > 0 ? eb.or(ors) : sql<SqlBool>`1 = 0`;
  };
}

export type PosatoriFilters = {
  tipo?: string | undefined;
  certificato?: '' | '0' | '1' | undefined;
  state?: string | undefined;
  stato?: PosatoreStato | '' | undefined;
  accesso?: AccountStato | '' | undefined;
  code?: string | undefined;
  name?: string | undefined;
  dtcorso?: string | undefined;
};

/** The installer's sort keys and search text, written with every insert and every change of name, lastname or code. */
export function posatoreKeys(p: { name: string; lastname: string; code: string }) {
  return {
    lastname_key: fold(p.lastname),
    name_key: fold(p.name),
    name_search: searchText(`${p.name} ${p.lastname}`, `${p.lastname} ${p.name}`),
    code_key: fold(p.code),
  };
}

/** The name search of the list, also the messages composer's typeahead. */
export const nameField: TextField = { table: 'posatori', search: 'name_search', prefix: ['lastname_key', 'name_key'] };
export const codeField: TextField = { table: 'posatori', search: 'code_key', prefix: ['code_key'] };

/**
 * The parts of a scope (reachList): the area manager's own installers, then one part per province of
 * theirs, then the reseller's, then the installer's own row. undefined: every installer (admin).
 */
function scopeParts(scope: PosatoriScope): ReachPart[] | undefined {
  if (scope.all) return undefined;
  const parts: ReachPart[] = [];
  if (scope.capoarea) {
    parts.push(['capoarea', scope.capoarea.uuid]);
    for (const prov of scope.capoarea.provs) parts.push(['state', prov]);
  }
  if (scope.rivenditore) parts.push(['rivenditore', scope.rivenditore]);
  if (scope.userUuid) parts.push(['user_uuid', scope.userUuid]);
  return parts;
}

/** The list's filters over the installers (every list, its count and its export apply the same ones). */
function filtered(db: DbOrTx, f: PosatoriFilters) {
  let q = db.selectFrom('posatori');
  if (f.tipo) q = q.where('posatori.tipo', '=', f.tipo);
  if (f.certificato) q = q.where('posatori.certificato', '=', Number(f.certificato));
  if (f.state) q = q.where('posatori.state', '=', f.state);
  if (f.stato) q = q.where('posatori.stato', '=', f.stato);
  // The account filter, what the list's status dot shows (posatori.userstato is kept in step with users.stato).
  if (f.accesso) q = q.where('posatori.userstato', '=', f.accesso);
  if (f.dtcorso) q = q.where('posatori.dtstart', '=', `${f.dtcorso}-01`);
  const texts = [textFilter(db, codeField, f.code), textFilter(db, nameField, f.name)].filter((t) => t !== undefined);
  for (const text of texts) q = q.where(text);
  return { q, matched: texts.length > 0 };
}

/** Every filter's value, named once each: the type refuses a filter left out, so a list's key names all it reads. */
const filterValues = (f: PosatoriFilters) =>
  ({
    tipo: f.tipo,
    certificato: f.certificato,
    state: f.state,
    stato: f.stato,
    accesso: f.accesso,
    code: f.code,
    name: f.name,
    dtcorso: f.dtcorso,
  }) satisfies Record<keyof PosatoriFilters, unknown>;

/**
 * The list: one arm per part of the scope (disjoint, and as they are: reachList), each with the filters. Every
 * equality filter and scope part has an index that continues with the default order (migration 2026-11-23-07).
 */
const list = rememberedList(
  (db: DbOrTx, scope: PosatoriScope, f: PosatoriFilters, order: PosaOrder): ListQuery<'posatori'> => {
    const { q, matched } = filtered(db, f);
    const parts = scopeParts(scope);
    const arms = parts ? reachList('posatori', q, parts) : { arms: [q] };
    // A text search's matches sorted once per data version (their filters read the installers' table only).
    return { table: 'posatori', ...arms, order: orders[order], matched, keysOf: ['posatori'] };
  },
  (scope, f, order) => [scopeParts(scope), filterValues(f), order],
);

/**
 * The accounts of the installers of a list (scope and filters), one query per disjoint arm, each selecting
 * user_uuid: a message to a filtered list stores its recipients with INSERT ... SELECT over these.
 */
export function accountsOfList(db: DbOrTx, scope: PosatoriScope, f: PosatoriFilters) {
  return list(db, scope, f, 'cognome').arms.map((arm) =>
    arm.where('posatori.user_uuid', 'is not', null).select('posatori.user_uuid as user_uuid'),
  );
}

/** The installers of a list (scope and filters), one query per disjoint arm: the admin's coupons for a whole list. */
export function uuidsOfList(db: DbOrTx, scope: PosatoriScope, f: PosatoriFilters) {
  return list(db, scope, f, 'cognome').arms.map((arm) => arm.select('posatori.uuid as uuid'));
}

/** Where an export's page starts: after this installer in the name order (lastname, name, uuid). */
export type ExportCursor = { lastname_key: string; name_key: string; uuid: string };

/** What the exports show of an installer, and the cursor's columns: not the search texts, image or account. */
const exportFields = [
  'posatori.uuid',
  'posatori.lastname_key',
  'posatori.name_key',
  'posatori.code',
  'posatori.lastname',
  'posatori.name',
  'posatori.ragsoc',
  'posatori.azienda',
  'posatori.codfis',
  'posatori.piva',
  'posatori.dtnasc',
  'posatori.address',
  'posatori.cap',
  'posatori.city',
  'posatori.state',
  'posatori.phone',
  'posatori.cell',
  'posatori.email',
  'posatori.website',
  'posatori.tipo',
  'posatori.certificato',
  'posatori.dtstart',
  'posatori.stato',
  'posatori.coupon',
  'posatori.coupon_valore',
  'posatori.coupon_usati',
  'posatori.coupon_valore_usati',
  'posatori.coupon_ultima',
] as const;

/**
 * One page of an export: the list's installers (scope and filters) in name order, after the cursor, read through
 * the name-order index; with the qualification's label and the names of their area manager and reseller.
 */
export function exportPage(
  db: DbOrTx,
  scope: PosatoriScope,
  f: PosatoriFilters,
  after: ExportCursor | null,
  limit: number,
) {
  let q = filtered(db, f).q.where(visibleIn(scope));
  if (after) {
    q = q.where((eb) =>
      eb(
        eb.refTuple('posatori.lastname_key', 'posatori.name_key', 'posatori.uuid'),
        '>',
        eb.tuple(after.lastname_key, after.name_key, after.uuid),
      ),
    );
  }
  return q
    .leftJoin('combos', (j) => j.onRef('combos.value', '=', 'posatori.tipo').on('combos.combo', '=', 'qualifiche'))
    .leftJoin('capoarea', 'capoarea.uuid', 'posatori.capoarea')
    .leftJoin('rivenditori', 'rivenditori.uuid', 'posatori.rivenditore')
    .select([
      ...exportFields,
      'combos.label as destipo',
      'capoarea.name as ca_name',
      'capoarea.lastname as ca_lastname',
      'rivenditori.ragsoc as riv_ragsoc',
    ])
    .orderBy('posatori.lastname_key')
    .orderBy('posatori.name_key')
    .orderBy('posatori.uuid')
    .limit(limit)
    .execute();
}

/**
 * The count does not depend on the order: it is kept with the surname order's list whatever order the page asked,
 * so one count serves every order of the same filters.
 */
export async function countPosatori(db: DbOrTx, scope: PosatoriScope, f: PosatoriFilters): Promise<number> {
  return listCount(db, ['posatori'], list(db, scope, f, 'cognome'));
}

const byName = [
  ['lastname_key', 'asc'],
  ['name_key', 'asc'],
] as const;

/** Each order of /api/posaorder, as the columns of the index that serves it. */
const orders: Record<PosaOrder, ListOrder> = {
  cognome: [...byName, ['uuid', 'asc']],
  nome: [
    ['name_key', 'asc'],
    ['lastname_key', 'asc'],
    ['uuid', 'asc'],
  ],
  codice: [
    ['code_key', 'asc'],
    ['uuid', 'asc'],
  ],
  provincia: [['state', 'asc'], ...byName, ['uuid', 'asc']],
  corso: [['dtstart', 'desc'], ...byName, ['uuid', 'asc']],
  coupon: [['coupon', 'desc'], ...byName, ['uuid', 'asc']],
  recenti: [
    ['created_at', 'desc'],
    ['uuid', 'asc'],
  ],
};

/** What a row of the installer lists shows (with the qualification's label from combos joined as destipo). */
export const listColumns = [
  'posatori.uuid',
  'posatori.img',
  'posatori.name',
  'posatori.lastname',
  'posatori.tipo',
  'combos.label as destipo',
  'posatori.code',
  'posatori.state',
  'posatori.certificato',
  'posatori.dtstart',
  'posatori.stato',
  'posatori.userstato',
  'posatori.coupon',
] as const;

/** A page's rows by uuid (listColumns). */
const listRows = rowsByKeys((db, uuids) =>
  db
    .selectFrom('posatori')
    .leftJoin('combos', (j) => j.onRef('combos.value', '=', 'posatori.tipo').on('combos.combo', '=', 'qualifiche'))
    .select(listColumns)
    .where('posatori.uuid', 'in', uuids),
);

/** The list rows of one page, in the chosen order; reccount is the list's count (it decides the walking direction). */
export async function listPosatori(
  db: DbOrTx,
  scope: PosatoriScope,
  f: PosatoriFilters,
  order: PosaOrder,
  win: PageWindow,
  reccount: number,
) {
  return pageRows(db, list(db, scope, f, order), win, reccount, (uuids) => listRows(db, uuids));
}

/**
 * A search box's installers in scope (docs/decisions/0020): those whose surname starts with the text in name order
 * (a range of the scope's name indexes), then others whose name contains it, at most `limit` in all, read by
 * `rowsOf`. `arm` narrows every arm of both lists (the composer's: only people with an account).
 */
async function installersNamed<R extends { uuid: string; name: string; lastname: string }>(
  db: DbOrTx,
  scope: PosatoriScope,
  text: string,
  limit: number,
  rowsOf: (uuids: string[]) => Promise<R[]>,
  arm: (q: ListQuery<'posatori'>['arms'][number]) => ListQuery<'posatori'>['arms'][number] = (q) => q,
): Promise<R[]> {
  const needle = fold(text);
  if (needle === '') return [];
  const narrow = (l: ListQuery<'posatori'>): ListQuery<'posatori'> => narrowList(l, arm);
  const all = narrow(list(db, scope, {}, 'cognome'));
  const starting = startsWith('posatori', 'lastname_key', needle);
  const lists = {
    starting: narrowList(all, (q) => q.where(starting)),
    containing: narrow(list(db, scope, { name: text }, 'cognome')),
  };
  const key = (p: { lastname: string; name: string }) => `${fold(p.lastname)}\u0000${fold(p.name)}`;
  return startingThenContaining(db, lists, limit, rowsOf, (a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** The global search's installers in scope: their list rows. */
export const searchByName = (db: DbOrTx, scope: PosatoriScope, text: string, limit: number) =>
  installersNamed(db, scope, text, limit, (uuids) => listRows(db, uuids));

/** The composer's installers in scope with an account, named as its options show them. */
export const accountsByName = (db: DbOrTx, scope: PosatoriScope, text: string, limit: number) =>
  installersNamed(
    db,
    scope,
    text,
    limit,
    async (uuids) =>
      (
        await db
          .selectFrom('posatori')
          .select(['uuid', 'user_uuid', 'name', 'lastname', 'state'])
          .where('uuid', 'in', uuids)
          .execute()
      ).flatMap((p) => (p.user_uuid ? [{ ...p, user_uuid: p.user_uuid }] : [])),
    (q) => q.where('posatori.user_uuid', 'is not', null),
  );

/** One installer within scope, with what the profile shows besides the table's columns. */
export async function findPosatore(db: DbOrTx, scope: PosatoriScope, uuid: string) {
  return db
    .selectFrom('posatori')
    .where(visibleIn(scope))
    .where('posatori.uuid', '=', uuid)
    .leftJoin('users', 'users.uuid', 'posatori.user_uuid')
    .leftJoin('combos', (j) => j.onRef('combos.value', '=', 'posatori.tipo').on('combos.combo', '=', 'qualifiche'))
    .selectAll('posatori')
    .select(['users.username', 'combos.label as destipo'])
    .executeTakeFirst();
}

/** What a save changes: the profile's fields (the derived columns follow from them). */
export type PosatoreUpdate = Omit<
  PosatoriTable,
  | 'uuid'
  | 'user_uuid'
  | 'created_at'
  | 'img'
  | 'err1'
  | 'userstato'
  | keyof PosatoreCouponTotals
  | keyof ReturnType<typeof posatoreKeys>
>;

export async function updatePosatore(
  db: DbOrTx,
  scope: PosatoriScope,
  uuid: string,
  values: PosatoreUpdate,
): Promise<boolean> {
  const res = await db
    .updateTable('posatori')
    .set({ ...values, ...posatoreKeys(values) })
    .where(visibleIn(scope))
    .where('posatori.uuid', '=', uuid)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/**
 * Deletes the installer with their coupons and login account (sessions, roles and reset links go with it by
 * cascade). An account that also holds another role only loses the posatore role.
 */
export async function deletePosatore(db: DbOrTx, scope: PosatoriScope, uuid: string): Promise<boolean> {
  const row = await db
    .selectFrom('posatori')
    .select(['posatori.uuid', 'posatori.user_uuid'])
    .where(visibleIn(scope))
    .where('posatori.uuid', '=', uuid)
    .executeTakeFirst();
  if (!row) return false;
  await db.deleteFrom('coupons').where('posatore', '=', uuid).execute();
  await db.deleteFrom('posatori').where('uuid', '=', uuid).execute();
  if (row.user_uuid) await removeAccountRole(db, row.user_uuid, 'posatore');
  return true;
}

/** Whether another installer already holds this code (codes are unique when set). */
export async function codeTaken(db: DbOrTx, code: string, except: string): Promise<boolean> {
  const row = await db
    .selectFrom('posatori')
    .select('uuid')
    .where('code', '=', code)
    .where('uuid', '<>', except)
    .executeTakeFirst();
  return row !== undefined;
}

export async function setStato(db: DbOrTx, uuid: string, stato: PosatoreStato, now: string): Promise<void> {
  await db.updateTable('posatori').set({ stato, updated_at: now }).where('uuid', '=', uuid).execute();
}

/** The accounts (users.uuid) of these installers, those that have one; in chunks of 500 bound parameters. */
export async function accountsOf(db: DbOrTx, posatori: readonly string[]): Promise<string[]> {
  const accounts: string[] = [];
  for (let i = 0; i < posatori.length; i += 500) {
    const rows = await db
      .selectFrom('posatori')
      .select('user_uuid')
      .where('uuid', 'in', posatori.slice(i, i + 500))
      .where('user_uuid', 'is not', null)
      .execute();
    for (const r of rows) if (r.user_uuid) accounts.push(r.user_uuid);
  }
  return accounts;
}
