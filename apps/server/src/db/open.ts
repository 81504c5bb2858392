import path from 'node:path';
import { sql } from 'kysely';
import type { Config } from '../config.ts';
import { connect, type DbHandle } from './connect.ts';
import { migrateToLatest } from './migrate.ts';

/** The configured database (PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR), migrated unless told not to. */
export async function openDatabase(config: Config, opts: { migrate?: boolean } = {}): Promise<DbHandle> {
  const handle = config.databaseUrl
    ? connect({ kind: 'postgres', url: config.databaseUrl, laneConnections: config.readLaneConnections })
    : connect({ kind: 'sqlite', file: path.join(config.dataDir, 'portal.db') });
  // A cluster worker opens a database its primary has just migrated.
  if (opts.migrate === false) return handle;
  // On PostgreSQL, the migration tables of the schema this connection works in (public, or the search_path of
  // DATABASE_URL): left unnamed, Kysely takes another schema's tables of the same database for its own.
  const schema =
    handle.kind === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db)).rows[0]?.schema
      : undefined;
  await migrateToLatest(handle.db, schema);
  return handle;
}
