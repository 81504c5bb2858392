import { sql, type Kysely } from 'kysely';

/**
 * Communications (docs/decisions/0010-communications.md) and the durable mail queue.
 * - messages.dest: the outbox's Destinatari text, written once at send time (a message to 50,000 installers shows
 *   'Tutti i posatori', never a join over its recipients); messages.oggetto_key: the folded subject the Oggetto filter
 *   reads; messages.dests: the recipients as the sender chose them (people and groups, with their labels), for the
 *   edit form.
 * - message_recipients.created_at: the message's date copied onto each recipient row, so an inbox is one index
 *   range (user_uuid, created_at, message_uuid, read_at) in date order, unread filter and count included, with no
 *   join before the page is cut.
 * - mail_queue: e-mails waiting to be sent, claimed by one worker at a time (locked_until), retried with backoff;
 *   rows outlive a restart, so nothing queued is lost.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('messages')
    .addColumn('dest', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('messages')
    .addColumn('oggetto_key', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('messages')
    .addColumn('dests', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('message_recipients')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // Rows written before this migration (demo data): lower() is the fold without the accents, close enough for them.
  await sql`update messages set oggetto_key = lower(oggetto)`.execute(db);
  await sql`update message_recipients set created_at =
    coalesce((select m.created_at from messages m where m.uuid = message_recipients.message_uuid), '')`.execute(db);

  await db.schema
    .createIndex('messages_sender_date')
    .on('messages')
    .columns(['sender_uuid', 'created_at', 'uuid'])
    .execute();
  await db.schema
    .createIndex('message_recipients_inbox')
    .on('message_recipients')
    .columns(['user_uuid', 'created_at', 'message_uuid', 'read_at'])
    .execute();

  await db.schema
    .createTable('mail_queue')
    .addColumn('uuid', 'text', (c) => c.primaryKey())
    .addColumn('to_addr', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull().defaultTo(''))
    // pending -> sent, or failed after the last attempt.
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_at', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_error', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('mail_queue_due').on('mail_queue').columns(['status', 'next_at', 'uuid']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mail_queue').execute();
  await db.schema.dropIndex('message_recipients_inbox').execute();
  await db.schema.dropIndex('messages_sender_date').execute();
  await db.schema.alterTable('message_recipients').dropColumn('created_at').execute();
  await db.schema.alterTable('messages').dropColumn('oggetto_key').execute();
  await db.schema.alterTable('messages').dropColumn('dests').execute();
  await db.schema.alterTable('messages').dropColumn('dest').execute();
}
