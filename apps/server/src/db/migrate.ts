import { sql, SqliteAdapter } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Db } from './database.ts';
import * as foundation from './migrations/2026-11-21-foundation.ts';
import * as referenceData from './migrations/2026-11-21-reference-data.ts';
import * as partners from './migrations/2026-11-22-partners.ts';
import * as listPattern from './migrations/2026-11-23-07-list-pattern.ts';
import * as sessionRoles from './migrations/2026-11-23-07-session-roles.ts';
import * as accountsAndStatus from './migrations/2026-11-23-08-accounts-and-status.ts';
import * as messages from './migrations/2026-11-24-09-messages.ts';
import * as homeFigures from './migrations/2026-11-24-10-home-figures.ts';
import * as documents from './migrations/2026-11-24-11-documents.ts';
import * as coupons from './migrations/2026-11-25-12-coupons.ts';
import * as couponFigures from './migrations/2026-11-25-13-coupon-figures.ts';
import * as massActivation from './migrations/2026-11-25-14-mass-activation.ts';
import * as usageStatistics from './migrations/2026-11-25-15-usage-statistics.ts';
import * as imports from './migrations/2026-11-25-16-imports.ts';
import * as searchIndexes from './migrations/2026-11-25-17-search-indexes.ts';
import * as couponTotals from './migrations/2026-11-25-18-coupon-totals.ts';
import * as loginAddresses from './migrations/2026-11-26-19-login-addresses.ts';
import * as mailPriority from './migrations/2026-11-26-20-mail-priority-and-send-limits.ts';
import * as outboxReadState from './migrations/2026-11-26-21-outbox-read-state.ts';
import * as workLeases from './migrations/2026-11-26-22-work-leases.ts';
import * as twoFactor from './migrations/2026-11-26-23-two-factor.ts';
import * as publicLocator from './migrations/2026-11-26-24-public-locator.ts';
import * as auditLog from './migrations/2026-11-26-25-audit-log.ts';
import * as emailChanges from './migrations/2026-11-26-26-email-changes.ts';
import * as documentPosters from './migrations/2026-11-26-27-document-posters.ts';
import * as folderVersions from './migrations/2026-11-27-28-folder-versions.ts';
import * as publicLocatorProvinces from './migrations/2026-11-28-29-public-locator-provinces.ts';

/**
 * Listed explicitly (no directory scan) so the order is reviewed in code and bundlers see every file.
 * Kysely runs them in name order, whatever the order here: a new name must sort after the last one.
 */
const migrations: Record<string, Migration> = {
  '2026-11-21-foundation': foundation,
  '2026-11-21-reference-data': referenceData,
  '2026-11-22-partners': partners,
  '2026-11-23-07-list-pattern': listPattern,
  '2026-11-23-07-session-roles': sessionRoles,
  '2026-11-23-08-accounts-and-status': accountsAndStatus,
  '2026-11-24-09-messages': messages,
  '2026-11-24-10-home-figures': homeFigures,
  '2026-11-24-11-documents': documents,
  '2026-11-25-12-coupons': coupons,
  '2026-11-25-13-coupon-figures': couponFigures,
  '2026-11-25-14-mass-activation': massActivation,
  '2026-11-25-15-usage-statistics': usageStatistics,
  '2026-11-25-16-imports': imports,
  '2026-11-25-17-search-indexes': searchIndexes,
  '2026-11-25-18-coupon-totals': couponTotals,
  '2026-11-26-19-login-addresses': loginAddresses,
  '2026-11-26-20-mail-priority-and-send-limits': mailPriority,
  '2026-11-26-21-outbox-read-state': outboxReadState,
  '2026-11-26-22-work-leases': workLeases,
  '2026-11-26-23-two-factor': twoFactor,
  '2026-11-26-24-public-locator': publicLocator,
  '2026-11-26-25-audit-log': auditLog,
  '2026-11-26-26-email-changes': emailChanges,
  '2026-11-26-27-document-posters': documentPosters,
  '2026-11-27-28-folder-versions': folderVersions,
  '2026-11-28-29-public-locator-provinces': publicLocatorProvinces,
};

/** migration: the migration that failed; undefined when the migrator failed before or between migrations. */
export class MigrationFailed extends Error {
  readonly migration: string | undefined;
  constructor(migration: string | undefined, cause: unknown) {
    super(`Migrazione fallita${migration ? ` (${migration})` : ''}: ${String(cause)}`, { cause });
    this.migration = migration;
  }
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * schema: the PostgreSQL schema to keep the migration tables in. Needed when several schemas of one database are
 * migrated (the test suite does so): Kysely otherwise finds another schema's migration tables and skips its own.
 */
export async function migrateToLatest(db: Db, schema?: string, upTo?: string): Promise<void> {
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  // upTo: a migration's name, for tests that put old-shaped data in before the migration that reshapes it.
  const migrate = async () => {
    const { error, results } = upTo ? await migrator.migrateTo(upTo) : await migrator.migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (error || failed) throw new MigrationFailed(failed?.migrationName, error);
  };
  // Several instances starting together migrate once. PostgreSQL: Kysely's migrator holds an advisory lock. SQLite:
  // Kysely takes no lock and no transaction, so the whole run is one BEGIN IMMEDIATE on the (single) connection:
  // the first process to get the write lock migrates, the others wait for it (a long busy timeout meanwhile) and
  // then find nothing left to do.
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return migrate();
  const busy = await sql<{ timeout: number }>`pragma busy_timeout`.execute(db);
  await sql`pragma busy_timeout = 300000`.execute(db);
  await sql`begin immediate`.execute(db);
  try {
    await migrate();
    await sql`commit`.execute(db);
  } catch (err) {
    await sql`rollback`.execute(db);
    throw err;
  } finally {
    await sql.raw(`pragma busy_timeout = ${Number(busy.rows[0]?.timeout ?? 5000)}`).execute(db);
  }
}
