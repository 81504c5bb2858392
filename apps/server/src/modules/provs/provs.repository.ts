import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';

/**
 * The provinces of competence of area managers and resellers ('provs'): one join table each,
 * the same queries for both. The tables keep their own typed definitions; only the owner column's name differs.
 */
const provTables = {
  capoarea: { table: 'capoarea_provs', owner: 'capoarea_uuid' },
  rivenditori: { table: 'rivenditori_provs', owner: 'rivenditore_uuid' },
} as const;

export type ProvsOwner = keyof typeof provTables;

export async function provsOf(db: DbOrTx, owner: ProvsOwner, uuid: string): Promise<string[]> {
  return (await provsOfMany(db, owner, [uuid])).get(uuid) ?? [];
}

/** The provinces of several owners at once (one query per list page), each list in sigla order. */
export async function provsOfMany(db: DbOrTx, owner: ProvsOwner, uuids: string[]): Promise<Map<string, string[]>> {
  const byOwner = new Map<string, string[]>(uuids.map((u) => [u, []]));
  if (uuids.length === 0) return byOwner;
  const { table, owner: column } = provTables[owner];
  const rows = await db
    .selectFrom(table)
    .select([sql<string>`${sql.ref(column)}`.as('owner'), 'prov'])
    .where(db.dynamic.ref<string>(column), 'in', uuids)
    .orderBy('prov')
    .execute();
  for (const r of rows) byOwner.get(r.owner)?.push(r.prov);
  return byOwner;
}

/**
 * The provinces of an owner read with a left join, one row per province and one with a null province when the
 * owner has none (the reads of an area manager's or a reseller's own row with their provinces, in one statement).
 */
export const provsOfJoinedRows = (rows: readonly { prov: string | null }[]): string[] =>
  rows.flatMap((r) => (r.prov === null ? [] : [r.prov]));

/** Replaces an owner's provinces. */
export async function setProvs(db: DbOrTx, owner: ProvsOwner, uuid: string, provs: string[]): Promise<void> {
  const { table, owner: column } = provTables[owner];
  await db.deleteFrom(table).where(db.dynamic.ref<string>(column), '=', uuid).execute();
  if (provs.length === 0) return;
  if (owner === 'capoarea') {
    await db
      .insertInto('capoarea_provs')
      .values(provs.map((prov) => ({ capoarea_uuid: uuid, prov })))
      .execute();
  } else {
    await db
      .insertInto('rivenditori_provs')
      .values(provs.map((prov) => ({ rivenditore_uuid: uuid, prov })))
      .execute();
  }
}
