import type { DbOrTx } from '../../db/database.ts';
import { listCount, pageRows, type ListOrder, type ListQuery, type PageWindow } from '../../lib/paging.ts';
import { fold, searchText, textFilter, type TextField } from '../../lib/text-search.ts';
import type { CapoareaTable } from './capoarea.table.ts';
import { rowsByKeys } from '../../lib/rows-by-keys.ts';
import { provsOfJoinedRows } from '../provs/provs.repository.ts';

/**
 * Area managers are the admin's registry: no row scope beyond the capability (the area manager reaches only their
 * own row, through the own-profile endpoints, by user_uuid).
 */

/**
 * An area manager's row with their provinces, one row per province (one with a null province when they have none):
 * every request of an area manager reads it, so it is one statement, compiled once.
 */
const capoareaWithProvs = rowsByKeys((db, userUuids) =>
  db
    .selectFrom('capoarea')
    .leftJoin('capoarea_provs', 'capoarea_provs.capoarea_uuid', 'capoarea.uuid')
    .select(['capoarea.uuid', 'capoarea_provs.prov'])
    .where('capoarea.user_uuid', 'in', userUuids)
    .orderBy('capoarea_provs.prov'),
);

/** The area manager behind a login, with the provinces of competence that define their reach. */
export async function capoareaOfUser(db: DbOrTx, userUuid: string) {
  const rows = await capoareaWithProvs(db, [userUuid]);
  const first = rows[0];
  if (!first) return undefined;
  return { uuid: first.uuid, provs: provsOfJoinedRows(rows) };
}

export type CapoareaFilters = { fname?: string | undefined; fstate?: string | undefined };

/** Sort keys and search text of an area manager, written with every insert and save. */
export function capoareaKeys(c: { name: string; lastname: string; ragsoc: string }) {
  return {
    lastname_key: fold(c.lastname),
    name_key: fold(c.name),
    name_search: searchText(c.ragsoc, `${c.name} ${c.lastname}`, `${c.lastname} ${c.name}`),
  };
}

/** The name search of the list, also the messages composer's typeahead. */
export const nameField: TextField = { table: 'capoarea', search: 'name_search', prefix: ['lastname_key', 'name_key'] };

/** The accounts of every area manager: a message's recipients (modules/messages). */
export function accountsOfList(db: DbOrTx) {
  return db.selectFrom('capoarea').select('user_uuid');
}

/** At most `limit` area managers with an account whose name contains the text: the composer's typeahead. */
export async function accountsByName(db: DbOrTx, text: string, limit: number) {
  let q = db
    .selectFrom('capoarea')
    .select(['user_uuid', 'name', 'lastname'])
    .where('user_uuid', 'is not', null)
    .orderBy('lastname_key')
    .limit(limit);
  const name = textFilter(db, nameField, text);
  if (name) q = q.where(name);
  const rows = await q.execute();
  return rows.flatMap((c) => (c.user_uuid ? [{ ...c, user_uuid: c.user_uuid }] : []));
}

function list(db: DbOrTx, f: CapoareaFilters): ListQuery<'capoarea'> {
  let q = db.selectFrom('capoarea');
  const name = textFilter(db, nameField, f.fname);
  if (name) q = q.where(name);
  if (f.fstate) {
    const prov = f.fstate;
    // Located in the province, or competent for it: both sides indexed (capoarea_state, capoarea_provs_prov).
    q = q.where((eb) =>
      eb.or([
        eb('capoarea.state', '=', prov),
        eb('capoarea.uuid', 'in', eb.selectFrom('capoarea_provs').select('capoarea_uuid').where('prov', '=', prov)),
      ]),
    );
  }
  return { table: 'capoarea', arms: [q], order, matched: name !== undefined || Boolean(f.fstate) };
}

export async function countCapoarea(db: DbOrTx, f: CapoareaFilters): Promise<number> {
  return listCount(db, ['capoarea', 'capoarea_provs'], list(db, f));
}

const order: ListOrder = [
  ['lastname_key', 'asc'],
  ['name_key', 'asc'],
  ['uuid', 'asc'],
];

export async function listCapoarea(db: DbOrTx, f: CapoareaFilters, win: PageWindow, reccount: number) {
  return pageRows(db, list(db, f), win, reccount, (uuids) => listRows(db, uuids));
}

/** A page's rows by uuid, with the account's stato. */
const listRows = rowsByKeys((db, uuids) =>
  db
    .selectFrom('capoarea')
    .leftJoin('users', 'users.uuid', 'capoarea.user_uuid')
    .select([
      'capoarea.uuid',
      'capoarea.img',
      'capoarea.ragsoc',
      'capoarea.name',
      'capoarea.lastname',
      'capoarea.state',
      'users.stato as userstato',
    ])
    .where('capoarea.uuid', 'in', uuids),
);

export async function findCapoarea(db: DbOrTx, uuid: string) {
  return db
    .selectFrom('capoarea')
    .leftJoin('users', 'users.uuid', 'capoarea.user_uuid')
    .selectAll('capoarea')
    .select(['users.username', 'users.stato as userstato'])
    .where('capoarea.uuid', '=', uuid)
    .executeTakeFirst();
}

export async function findCapoareaByUser(db: DbOrTx, userUuid: string) {
  const row = await db.selectFrom('capoarea').select('uuid').where('user_uuid', '=', userUuid).executeTakeFirst();
  return row && findCapoarea(db, row.uuid);
}

export type CapoareaValues = Omit<
  CapoareaTable,
  'uuid' | 'user_uuid' | 'img' | 'created_at' | 'updated_at' | keyof ReturnType<typeof capoareaKeys>
>;

export async function insertCapoarea(
  db: DbOrTx,
  row: { uuid: string; user_uuid: string | null; values: CapoareaValues; now: string },
): Promise<void> {
  await db
    .insertInto('capoarea')
    .values({
      ...row.values,
      ...capoareaKeys(row.values),
      uuid: row.uuid,
      user_uuid: row.user_uuid,
      img: '',
      created_at: row.now,
      updated_at: row.now,
    })
    .execute();
}

export async function updateCapoarea(db: DbOrTx, uuid: string, values: CapoareaValues, now: string): Promise<boolean> {
  const res = await db
    .updateTable('capoarea')
    .set({ ...values, ...capoareaKeys(values), updated_at: now })
    .where('uuid', '=', uuid)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/**
 * Deletes the row; the database empties the references to it (installers', resellers' and partners' capoarea
 * become null: foreign keys ON DELETE SET NULL) and drops the provinces by cascade.
 */
export async function deleteCapoarea(db: DbOrTx, uuid: string) {
  return db.deleteFrom('capoarea').where('uuid', '=', uuid).returning('user_uuid').executeTakeFirst();
}

export async function capoareaExists(db: DbOrTx, uuid: string): Promise<boolean> {
  return (await db.selectFrom('capoarea').select('uuid').where('uuid', '=', uuid).executeTakeFirst()) !== undefined;
}
