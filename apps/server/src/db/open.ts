import path from 'node:path';
import type { Config } from '../config.ts';
import { connect, type DbHandle } from './connect.ts';
import { migrateToLatest } from './migrate.ts';

/** The configured database (PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR), migrated. */
export async function openDatabase(config: Config): Promise<DbHandle> {
  const handle = config.databaseUrl
    ? connect({ kind: 'postgres', url: config.databaseUrl })
    : connect({ kind: 'sqlite', file: path.join(config.dataDir, 'portal.db') });
  await migrateToLatest(handle.db);
  return handle;
}
