import { sql, type Kysely } from 'kysely';

/*
 * Frozen: never edit after it has shipped; add a new migration instead.
 * The whole registry's export (docs/decisions/0019-fast-xlsx-writer.md; figures in docs/performance/exports.md): its coupon figures summed 2,000,000
 * coupons on every download (0.6-0.7 s of SQLite's one thread at 100,000 installers). What does not depend on the
 * day is now kept on the installer's row, beside posatori.coupon and by the same recount (refreshCouponCounts):
 * - posatori.coupon_valore: the value of the coupons held, in cents;
 * - posatori.coupon_usati, coupon_valore_usati: the redeemed ones and their value;
 * - posatori.coupon_ultima: the last redemption date (YYYY-MM-DD), null without one.
 * What depends on the day (valid against expired) is one range of coupons_state (dtesecuzione, scadenza): the
 * coupons not redeemed and expiring today or later, about a tenth of them. The index now carries their installer
 * and value too, so that range is read from it alone (it went to the table for each coupon: 0.66 s).
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const col of ['coupon_valore', 'coupon_usati', 'coupon_valore_usati']) {
    await db.schema
      .alterTable('posatori')
      .addColumn(col, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  await db.schema.alterTable('posatori').addColumn('coupon_ultima', 'text').execute();
  // One grouped pass over the coupons joined to the rows (a lookup per installer and column took minutes).
  await sql`update posatori set
      coupon_valore = f.valore, coupon_usati = f.usati, coupon_valore_usati = f.valore_usati, coupon_ultima = f.ultima
    from (select posatore, sum(valore) as valore, count(dtesecuzione) as usati,
        coalesce(sum(valore) filter (where dtesecuzione is not null), 0) as valore_usati, max(dtesecuzione) as ultima
      from coupons group by posatore) as f
    where f.posatore = posatori.uuid`.execute(db);
  await db.schema.dropIndex('coupons_state').execute();
  await db.schema
    .createIndex('coupons_state')
    .on('coupons')
    .columns(['dtesecuzione', 'scadenza', 'posatore', 'valore'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('coupons_state').execute();
  await db.schema.createIndex('coupons_state').on('coupons').columns(['dtesecuzione', 'scadenza']).execute();
  for (const col of ['coupon_valore', 'coupon_usati', 'coupon_valore_usati', 'coupon_ultima']) {
    await db.schema.alterTable('posatori').dropColumn(col).execute();
  }
}
