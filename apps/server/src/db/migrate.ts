import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Db } from './database.ts';
import * as foundation from './migrations/2026-11-21-foundation.ts';
import * as referenceData from './migrations/2026-11-21-reference-data.ts';
import * as partners from './migrations/2026-11-22-partners.ts';

/**
 * Listed explicitly (no directory scan) so the order is reviewed in code and bundlers see every file.
 * Kysely runs them in name order, whatever the order here: a new name must sort after the last one.
 */
const migrations: Record<string, Migration> = {
  '2026-11-21-foundation': foundation,
  '2026-11-21-reference-data': referenceData,
  '2026-11-22-partners': partners,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * schema: the PostgreSQL schema to keep the migration tables in. Needed when several schemas of one database are
 * migrated (the test suite does so): Kysely otherwise finds another schema's migration tables and skips its own.
 */
export async function migrateToLatest(db: Db, schema?: string): Promise<void> {
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migrazione fallita${failed ? ` (${failed.migrationName})` : ''}: ${String(error)}`);
  }
}
