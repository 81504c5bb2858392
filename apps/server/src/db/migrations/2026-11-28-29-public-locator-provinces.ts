import { sql, type Kysely } from 'kysely';

/*
 * Frozen: never edit after it has shipped; add a new migration instead.
 * posatori_pubblici_prov (web, stato, state, certificato desc, lastname_key, name_key, uuid): the published
 * installers of one province in the locator's order, one index range. A province is what the locator is asked for
 * most (its form, its links, the sitemap's pages); through posatori_pubblici it was a walk of the whole country's
 * published installers, each row read for its province, until a page of that province was found: 0.68 ms for
 * Milan's first page on the stress data against 0.07 ms for the country's. Led by `web`, so the admin's lists,
 * which never filter on it, are not drawn to it (migration 2026-11-26-24).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index posatori_pubblici_prov on posatori
    (web, stato, state, certificato desc, lastname_key, name_key, uuid)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('posatori_pubblici_prov').execute();
}
