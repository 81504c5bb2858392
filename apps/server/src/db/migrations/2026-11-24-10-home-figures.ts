import { sql, SqliteAdapter, type Kysely } from 'kysely';

/**
 * The home dashboards' coupon figures (docs/decisions/0011-home-dashboards.md) at a million coupons:
 * - coupons_state (dtesecuzione, scadenza): used coupons are one range (executed), expired ones another (not
 *   executed, expiry before today), counted on the index alone;
 * - coupons_rivenditore (rivenditore, dtesecuzione): what one reseller redeemed;
 * - coupons joins list_versions (migration 2026-11-23-07), so these counts are cached until a coupon changes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('coupons_state').on('coupons').columns(['dtesecuzione', 'scadenza']).execute();
  await db.schema.createIndex('coupons_rivenditore').on('coupons').columns(['rivenditore', 'dtesecuzione']).execute();
  await db.insertInto('list_versions').values({ name: 'coupons', version: 0 }).execute();
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    const bump = `update list_versions set version = version + 1 where name = 'coupons';`;
    for (const [name, event] of [
      ['coupons_list_ai', 'insert'],
      ['coupons_list_ad', 'delete'],
      ['coupons_list_au', 'update'],
    ] as const) {
      await sql.raw(`create trigger ${name} after ${event} on coupons begin ${bump} end`).execute(db);
    }
  } else {
    await sql
      .raw(
        'create trigger coupons_list_version after insert or update or delete on coupons for each statement execute function list_version_bump()',
      )
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    for (const name of ['coupons_list_ai', 'coupons_list_ad', 'coupons_list_au']) {
      await sql.raw(`drop trigger ${name}`).execute(db);
    }
  } else {
    await sql.raw('drop trigger coupons_list_version on coupons').execute(db);
  }
  await db.deleteFrom('list_versions').where('name', '=', 'coupons').execute();
  await db.schema.dropIndex('coupons_rivenditore').execute();
  await db.schema.dropIndex('coupons_state').execute();
}
