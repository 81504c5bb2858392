import type { Kysely } from 'kysely';

/**
 * Sending limits and a fair mail queue (docs/decisions/0010):
 * - mail_queue.priority: 0 transactional (a reset or activation link somebody is waiting for), 1 bulk (message
 *   notifications, the mass activation); every transactional mail goes before any bulk one. Mails already queued
 *   are bulk: only notifications and mass activations were queued so far.
 * - mail_queue.lane and turn: who a mail is fair against (the sender of a message, a mass activation's run) and its
 *   place in the round: a lane's mails take turns 1, 2, 3 ... after the turn the queue has reached, so a second
 *   sender's first mail goes out with the first sender's next one, not after all of them.
 * - mail_queue_next serves the sender's pick (status, priority, turn); mail_queue_lane the last turn of a lane;
 *   mail_queue_due, the old pick in date order, is no longer read.
 * - message_sends: one row per message sent or edited, with the recipients it added, what the limits per person
 *   count (by user and time: message_sends_user); rows older than an hour are deleted by the housekeeping.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('mail_queue')
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('mail_queue')
    .addColumn('lane', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('mail_queue')
    .addColumn('turn', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.dropIndex('mail_queue_due').execute();
  await db.schema
    .createIndex('mail_queue_next')
    .on('mail_queue')
    .columns(['status', 'priority', 'turn', 'created_at', 'uuid'])
    .execute();
  await db.schema
    .createIndex('mail_queue_lane')
    .on('mail_queue')
    .columns(['lane', 'priority', 'status', 'turn'])
    .execute();

  await db.schema
    .createTable('message_sends')
    .addColumn('uuid', 'text', (c) => c.primaryKey())
    .addColumn('user_uuid', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addColumn('recipients', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('message_sends_user').on('message_sends').columns(['user_uuid', 'sent_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('message_sends').execute();
  await db.schema.dropIndex('mail_queue_lane').execute();
  await db.schema.dropIndex('mail_queue_next').execute();
  await db.schema.createIndex('mail_queue_due').on('mail_queue').columns(['status', 'next_at', 'uuid']).execute();
  await db.schema.alterTable('mail_queue').dropColumn('turn').execute();
  await db.schema.alterTable('mail_queue').dropColumn('lane').execute();
  await db.schema.alterTable('mail_queue').dropColumn('priority').execute();
}
