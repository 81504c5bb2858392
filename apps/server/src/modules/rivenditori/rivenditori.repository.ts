import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Database, DbOrTx } from '../../db/database.ts';
import { contains } from '../../lib/text-search.ts';
import type { RivenditoriTable } from './rivenditori.table.ts';

/**
 * Which resellers a viewer reaches (contract, "Who sees what"): all for admins; for an area manager those assigned
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

/** The reseller behind a login, with their area: the provinces they serve and their own. */
export async function rivenditoreOfUser(db: DbOrTx, userUuid: string) {
  const row = await db
    .selectFrom('rivenditori')
    .select(['uuid', 'state'])
    .where('user_uuid', '=', userUuid)
    .executeTakeFirst();
  if (!row) return undefined;
  return { uuid: row.uuid, state: row.state, provs: await provsOf(db, row.uuid) };
}

export async function provsOf(db: DbOrTx, uuid: string): Promise<string[]> {
  const rows = await db
    .selectFrom('rivenditori_provs')
    .select('prov')
    .where('rivenditore_uuid', '=', uuid)
    .orderBy('prov')
    .execute();
  return rows.map((r) => r.prov);
}

export async function provsOfMany(db: DbOrTx, uuids: string[]): Promise<Map<string, string[]>> {
  const byOwner = new Map<string, string[]>(uuids.map((u) => [u, []]));
  if (uuids.length === 0) return byOwner;
  const rows = await db
    .selectFrom('rivenditori_provs')
    .select(['rivenditore_uuid', 'prov'])
    .where('rivenditore_uuid', 'in', uuids)
    .orderBy('prov')
    .execute();
  for (const r of rows) byOwner.get(r.rivenditore_uuid)?.push(r.prov);
  return byOwner;
}

export type RivenditoriFilters = { name?: string | undefined; code?: string | undefined; state?: string | undefined };

function filtered(db: DbOrTx, scope: RivenditoriScope, f: RivenditoriFilters) {
  let q = db.selectFrom('rivenditori').where(visibleIn(scope));
  const name = f.name?.trim().replace(/\s+/g, ' ');
  if (name) {
    const pattern = contains(name);
    q = q.where((eb) =>
      eb.or([
        sql<SqlBool>`lower(rivenditori.ragsoc) like ${pattern} escape '\\'`,
        sql<SqlBool>`lower(rivenditori.name || ' ' || rivenditori.lastname) like ${pattern} escape '\\'`,
        sql<SqlBool>`lower(rivenditori.lastname || ' ' || rivenditori.name) like ${pattern} escape '\\'`,
      ]),
    );
  }
  const code = f.code?.trim();
  if (code) q = q.where(sql<SqlBool>`lower(rivenditori.code) like ${contains(code)} escape '\\'`);
  if (f.state) {
    const prov = f.state;
    q = q.where((eb) =>
      eb.or([
        eb('rivenditori.state', '=', prov),
        eb.exists(
          eb
            .selectFrom('rivenditori_provs')
            .select('rivenditori_provs.prov')
            .whereRef('rivenditori_provs.rivenditore_uuid', '=', 'rivenditori.uuid')
            .where('rivenditori_provs.prov', '=', prov),
        ),
      ]),
    );
  }
  return q;
}

export async function countRivenditori(db: DbOrTx, scope: RivenditoriScope, f: RivenditoriFilters): Promise<number> {
  const row = await filtered(db, scope, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function listRivenditori(
  db: DbOrTx,
  scope: RivenditoriScope,
  f: RivenditoriFilters,
  page: { offset: number; size: number },
) {
  return filtered(db, scope, f)
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
    .orderBy(sql`lower(rivenditori.ragsoc)`)
    .orderBy(sql`lower(rivenditori.lastname)`)
    .orderBy('rivenditori.uuid')
    .limit(page.size)
    .offset(page.offset)
    .execute();
}

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

export type RivenditoreValues = Omit<RivenditoriTable, 'uuid' | 'user_uuid' | 'img' | 'created_at' | 'updated_at'>;

export async function insertRivenditore(
  db: DbOrTx,
  row: { uuid: string; user_uuid: string | null; values: RivenditoreValues; now: string },
): Promise<void> {
  await db
    .insertInto('rivenditori')
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

export async function updateRivenditore(
  db: DbOrTx,
  scope: RivenditoriScope,
  uuid: string,
  values: Partial<RivenditoreValues>,
  now: string,
): Promise<boolean> {
  const res = await db
    .updateTable('rivenditori')
    .set({ ...values, updated_at: now })
    .where(visibleIn(scope))
    .where('rivenditori.uuid', '=', uuid)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function setProvs(db: DbOrTx, uuid: string, provs: string[]): Promise<void> {
  await db.deleteFrom('rivenditori_provs').where('rivenditore_uuid', '=', uuid).execute();
  if (provs.length > 0) {
    await db
      .insertInto('rivenditori_provs')
      .values(provs.map((prov) => ({ rivenditore_uuid: uuid, prov })))
      .execute();
  }
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

export async function capoareaExists(db: DbOrTx, uuid: string): Promise<boolean> {
  return (await db.selectFrom('capoarea').select('uuid').where('uuid', '=', uuid).executeTakeFirst()) !== undefined;
}
