import { sql } from 'kysely';
import type { Database, Db, DbOrTx } from '../db/database.ts';

/** The tables whose rows can own a counted collection: keyed by uuid, with an updated_at to lock them by. */
type OwnerTable = {
  [K in keyof Database]: Database[K] extends { uuid: unknown; updated_at: unknown } ? K : never;
}[keyof Database];

/** Rows that own a counted collection (a gallery; a person's sends, counted per minute and hour). */
export type LimitOwner = { table: OwnerTable; uuid: string };

/**
 * Locks the owner's row for the rest of the transaction with an UPDATE that changes nothing: PostgreSQL takes the
 * row lock, SQLite the database write lock, so a second add for the same owner waits here until the first commits.
 * (SELECT ... FOR UPDATE would say the same on PostgreSQL only.) false: the owner does not exist.
 */
export async function lockOwner(tx: DbOrTx, owner: LimitOwner): Promise<boolean> {
  const res = await tx
    .updateTable(owner.table)
    .set({ updated_at: sql`updated_at` })
    .where('uuid', '=', owner.uuid)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/**
 * Adds within a count limit: the count and the add run in one transaction that holds the owner's lock, so ten
 * concurrent uploads to a gallery with 59 images leave 60, not 69. `full` is thrown when the limit is reached;
 * `add` does the writes (rows, files) and its result is returned after the commit.
 */
export async function addWithinLimit<T>(
  db: Db,
  owner: LimitOwner,
  limit: { max: number; count: (tx: DbOrTx) => Promise<number>; full: () => Error },
  add: (tx: DbOrTx) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (tx) => {
    if (!(await lockOwner(tx, owner))) throw new Error(`owner ${owner.table}/${owner.uuid} not found`);
    if ((await limit.count(tx)) >= limit.max) throw limit.full();
    return add(tx);
  });
}
