import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import { isSqlite } from '../../lib/text-search.ts';

/**
 * The channel the portal's notifications travel on. PostgreSQL's channels belong to the whole database, not to a
 * schema: the name carries the schema (hashed, as a channel name is at most 63 bytes), so two portals, or two test
 * files, in schemas of one database never hear each other. On SQLite the file is the portal and the name is fixed.
 */
const PG_CHANNEL = sql<string>`'portale_' || md5(current_schema())`;
const SQLITE_CHANNEL = 'portale_events';

/**
 * Announces a payload inside the caller's transaction: PostgreSQL delivers a NOTIFY when the transaction commits and
 * forgets it when it rolls back; on SQLite db/connect.ts gives pg_notify the same meaning within the process.
 */
export async function notify(db: DbOrTx, payload: string): Promise<void> {
  await sql`select pg_notify(${isSqlite(db) ? SQLITE_CHANNEL : PG_CHANNEL}, ${payload})`.execute(db);
}

/** The channel to LISTEN on, asked of the connection that will listen (its search_path decides the schema). */
export async function channelName(db: DbOrTx): Promise<string> {
  if (isSqlite(db)) return SQLITE_CHANNEL;
  const row = (await sql<{ channel: string }>`select ${PG_CHANNEL} as channel`.execute(db)).rows[0];
  if (!row) throw new Error('canale degli eventi non disponibile');
  return row.channel;
}
