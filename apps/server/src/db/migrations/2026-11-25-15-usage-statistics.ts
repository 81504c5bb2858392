import type { Kysely } from 'kysely';

/**
 * Usage statistics (/admin/sessions, GET /api/sessions):
 * - usage_days: one row per person, landing role and day (Europe/Rome) they did something the statistics count,
 *   with that day's logins, document downloads and message reads. One upsert per event; the per-day figures sum
 *   these rows, the people active over 7 and 30 days count them. Compact: a person's busiest day is still one row.
 * - usage_days_counts: the per-day sums read this index only (day, role and the three counters).
 * - coupons_created: coupons assigned per month, by assignment date.
 * - coupons_redeemed: coupons redeemed in a range, with the reseller who redeemed them (the top resellers).
 * - posatori_provincia_stato: installers by province and profile stato, read from the index alone.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('usage_days')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('user_uuid', 'text', (c) => c.notNull())
    .addColumn('logins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('downloads', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reads', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('usage_days_pk', ['day', 'role', 'user_uuid'])
    .execute();
  await db.schema
    .createIndex('usage_days_counts')
    .on('usage_days')
    .columns(['day', 'role', 'logins', 'downloads', 'reads'])
    .execute();
  await db.schema.createIndex('coupons_created').on('coupons').column('created_at').execute();
  await db.schema.createIndex('coupons_redeemed').on('coupons').columns(['dtesecuzione', 'rivenditore']).execute();
  await db.schema.createIndex('posatori_provincia_stato').on('posatori').columns(['state', 'stato']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('posatori_provincia_stato').execute();
  await db.schema.dropIndex('coupons_redeemed').execute();
  await db.schema.dropIndex('coupons_created').execute();
  await db.schema.dropTable('usage_days').execute();
}
