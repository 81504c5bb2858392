import type { Kysely } from 'kysely';

/*
 * Frozen: never edit after it has shipped; add a new migration instead.
 * Two-factor login (docs/decisions/0024):
 * - sessions.stage: 'full' for a logged-in session; '2fa' between the password and the code; 'enrol' for an account
 *   that must set up its second factor before anything else. Only 'full' sessions carry roles.
 * - two_factor: one row per account that started an enrolment; enabled_at set once a code confirmed it; last_step
 *   is the TOTP time step of the last code accepted, so a code is never accepted twice.
 * - recovery_codes: the ten single-use codes, stored as their SHA-256.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('stage', 'text', (c) => c.notNull().defaultTo('full'))
    .execute();
  await db.schema
    .createTable('two_factor')
    .addColumn('user_uuid', 'text', (c) => c.primaryKey().references('users.uuid').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('enabled_at', 'text')
    .addColumn('last_step', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('recovery_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_uuid', 'text', (c) => c.notNull().references('users.uuid').onDelete('cascade'))
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('recovery_codes_user').on('recovery_codes').column('user_uuid').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('recovery_codes').execute();
  await db.schema.dropTable('two_factor').execute();
  await db.schema.alterTable('sessions').dropColumn('stage').execute();
}
