import type { Kysely } from 'kysely';

/**
 * Coupon figures per installer (exports, the coupon dialog's totals) read only this index: an installer's coupons
 * with their type, redemption date, expiry and value, so a page of 2,000 installers with twenty coupons each
 * costs no row lookups. It starts with posatore, so it also serves what coupons_posatore did (the installer's
 * list and the foreign key), which goes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('coupons_figures')
    .on('coupons')
    .columns(['posatore', 'tipo', 'dtesecuzione', 'scadenza', 'valore'])
    .execute();
  await db.schema.dropIndex('coupons_posatore').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('coupons_posatore').on('coupons').column('posatore').execute();
  await db.schema.dropIndex('coupons_figures').execute();
}
