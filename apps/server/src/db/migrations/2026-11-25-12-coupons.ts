import { sql, type Kysely } from 'kysely';

/**
 * Coupons end to end (docs/decisions/0014-coupons-and-exports.md):
 * - coupon_types.ccoupon: the coupons of each type, kept by the coupon service in the transaction that adds or
 *   removes them (as posatori.coupon), so the types list never counts a million rows;
 * - coupons_tipo: that recount, the 'type has coupons' check before a delete, and the foreign key.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('coupon_types')
    .addColumn('ccoupon', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('coupons_tipo').on('coupons').column('tipo').execute();
  await sql`update coupon_types set ccoupon = (select count(*) from coupons c where c.tipo = coupon_types.uuid)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('coupons_tipo').execute();
  await db.schema.alterTable('coupon_types').dropColumn('ccoupon').execute();
}
