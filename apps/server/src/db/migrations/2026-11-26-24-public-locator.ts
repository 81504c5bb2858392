import { sql, type Kysely } from 'kysely';

/*
 * Frozen: never edit after it has shipped; add a new migration instead.
 * The public installer locator (/trova-posatore) and the messages its contact form leaves:
 * - posatori_pubblici (web, stato, certificato desc, lastname_key, name_key, uuid): the published installers
 *   (web = 1, stato = 'OK') in the locator's order, certified first then by name, one index range;
 *   A province or a qualification filters that range (a second index led by state made PostgreSQL sort the
 *   admin's province order within each province);
 * - messages.mittente: who wrote a message that no account sent (a visitor of the public page), shown as its sender.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index posatori_pubblici on posatori (web, stato, certificato desc, lastname_key, name_key, uuid)`.execute(
    db,
  );
  await db.schema
    .alterTable('messages')
    .addColumn('mittente', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('mittente').execute();
  await db.schema.dropIndex('posatori_pubblici').execute();
}
