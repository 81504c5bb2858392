import type { Kysely } from 'kysely';

/**
 * Mass activation (POST /api/sendmassive):
 * - mass_activations: one row per press, with what it found (created, queued, skipped and why), for the progress;
 * - mail_queue.batch: the press a queued e-mail belongs to, so its progress counts its own mails by index;
 * - password_resets_user: the live-link check and the cancelling of a person's links read by user, not by a scan
 *   (with 50,000 installers each holding an activation link, a scan per person was the cost of the whole run).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mass_activations')
    .addColumn('uuid', 'text', (c) => c.primaryKey())
    .addColumn('started_by', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('candidati', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('accodati', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('senza_email', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('email_non_valida', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('email_condivisa', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('link_validi', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('mass_activations_started').on('mass_activations').column('started_at').execute();
  await db.schema
    .alterTable('mail_queue')
    .addColumn('batch', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('mail_queue_batch').on('mail_queue').columns(['batch', 'status']).execute();
  await db.schema
    .createIndex('password_resets_user')
    .on('password_resets')
    .columns(['user_uuid', 'expires_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('password_resets_user').execute();
  await db.schema.dropIndex('mail_queue_batch').execute();
  await db.schema.alterTable('mail_queue').dropColumn('batch').execute();
  await db.schema.dropTable('mass_activations').execute();
}
