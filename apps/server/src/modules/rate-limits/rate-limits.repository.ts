import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';

/**
 * Counts one hit of `key` in the window `slot` and answers the window's hits: one upsert, atomic on SQLite and
 * PostgreSQL, so instances counting at once never lose a hit. A row of an earlier window starts again at 1.
 */
export async function countHit(db: DbOrTx, key: string, slot: number, expiresAt: string): Promise<number> {
  const row = await db
    .insertInto('rate_counters')
    .values({ key, slot, hits: 1, expires_at: expiresAt })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`case when rate_counters.slot = excluded.slot then rate_counters.hits + 1 else 1 end`,
        slot: sql<number>`excluded.slot`,
        expires_at: sql<string>`excluded.expires_at`,
      }),
    )
    .returning('hits')
    .executeTakeFirstOrThrow();
  return Number(row.hits);
}

/** Forgets the counters of windows that are over. */
export async function pruneCounters(db: DbOrTx, now: string): Promise<void> {
  await db.deleteFrom('rate_counters').where('expires_at', '<', now).execute();
}
