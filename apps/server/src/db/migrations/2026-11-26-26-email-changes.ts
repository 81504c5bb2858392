import type { Kysely } from 'kysely';

/*
 * Frozen: never edit after it has shipped; add a new migration instead.
 * Verified login addresses (docs/decisions/0022): a person's own change of their e-mail waits here until they open
 * the link sent to the new address. The token is stored as its SHA-256, like the reset links; used_at marks it
 * used (or replaced by a newer request), so a link works once and a row is never reused.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('email_changes')
    .addColumn('uuid', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_uuid', 'text', (c) => c.notNull().references('users.uuid').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('email_changes_user').on('email_changes').columns(['user_uuid', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('email_changes').execute();
}
