import { sql, type SqlBool } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import { contains } from '../../lib/text-search.ts';
import type { CapoareaTable } from './capoarea.table.ts';

/**
 * Area managers are the admin's registry: no row scope beyond the capability (the area manager reaches only their
 * own row, through the own-profile endpoints, by user_uuid).
 */

/** The area manager behind a login, with the provinces of competence that define their reach. */
export async function capoareaOfUser(db: DbOrTx, userUuid: string) {
  const row = await db.selectFrom('capoarea').select('uuid').where('user_uuid', '=', userUuid).executeTakeFirst();
  if (!row) return undefined;
  return { uuid: row.uuid, provs: await provsOf(db, row.uuid) };
}

export async function provsOf(db: DbOrTx, uuid: string): Promise<string[]> {
  const rows = await db
    .selectFrom('capoarea_provs')
    .select('prov')
    .where('capoarea_uuid', '=', uuid)
    .orderBy('prov')
    .execute();
  return rows.map((r) => r.prov);
}

export type CapoareaFilters = { fname?: string | undefined; fstate?: string | undefined };

function filtered(db: DbOrTx, f: CapoareaFilters) {
  let q = db.selectFrom('capoarea');
  const name = f.fname?.trim().replace(/\s+/g, ' ');
  if (name) {
    const pattern = contains(name);
    q = q.where((eb) =>
      eb.or([
        sql<SqlBool>`lower(capoarea.ragsoc) like ${pattern} escape '\\'`,
        sql<SqlBool>`lower(capoarea.name || ' ' || capoarea.lastname) like ${pattern} escape '\\'`,
        sql<SqlBool>`lower(capoarea.lastname || ' ' || capoarea.name) like ${pattern} escape '\\'`,
      ]),
    );
  }
  if (f.fstate) {
    const prov = f.fstate;
    q = q.where((eb) =>
      eb.or([
        eb('capoarea.state', '=', prov),
        eb.exists(
          eb
            .selectFrom('capoarea_provs')
            .select('capoarea_provs.prov')
            .whereRef('capoarea_provs.capoarea_uuid', '=', 'capoarea.uuid')
            .where('capoarea_provs.prov', '=', prov),
        ),
      ]),
    );
  }
  return q;
}

export async function countCapoarea(db: DbOrTx, f: CapoareaFilters): Promise<number> {
  const row = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function listCapoarea(db: DbOrTx, f: CapoareaFilters, page: { offset: number; size: number }) {
  return filtered(db, f)
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
    .orderBy(sql`lower(capoarea.lastname)`)
    .orderBy(sql`lower(capoarea.name)`)
    .orderBy('capoarea.uuid')
    .limit(page.size)
    .offset(page.offset)
    .execute();
}

/** The provinces of competence of several area managers at once (one query per list page). */
export async function provsOfMany(db: DbOrTx, uuids: string[]): Promise<Map<string, string[]>> {
  const byOwner = new Map<string, string[]>(uuids.map((u) => [u, []]));
  if (uuids.length === 0) return byOwner;
  const rows = await db
    .selectFrom('capoarea_provs')
    .select(['capoarea_uuid', 'prov'])
    .where('capoarea_uuid', 'in', uuids)
    .orderBy('prov')
    .execute();
  for (const r of rows) byOwner.get(r.capoarea_uuid)?.push(r.prov);
  return byOwner;
}

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

export type CapoareaValues = Omit<CapoareaTable, 'uuid' | 'user_uuid' | 'img' | 'created_at' | 'updated_at'>;

export async function insertCapoarea(
  db: DbOrTx,
  row: { uuid: string; user_uuid: string | null; values: CapoareaValues; now: string },
): Promise<void> {
  await db
    .insertInto('capoarea')
    .values({
      ...row.values,
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
    .set({ ...values, updated_at: now })
    .where('uuid', '=', uuid)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function setProvs(db: DbOrTx, uuid: string, provs: string[]): Promise<void> {
  await db.deleteFrom('capoarea_provs').where('capoarea_uuid', '=', uuid).execute();
  if (provs.length > 0) {
    await db
      .insertInto('capoarea_provs')
      .values(provs.map((prov) => ({ capoarea_uuid: uuid, prov })))
      .execute();
  }
}

/**
 * Deletes the row; the database empties the references to it (installers', resellers' and partners' capoarea
 * become null: foreign keys ON DELETE SET NULL) and drops the provinces by cascade.
 */
export async function deleteCapoarea(db: DbOrTx, uuid: string) {
  return db.deleteFrom('capoarea').where('uuid', '=', uuid).returning('user_uuid').executeTakeFirst();
}
