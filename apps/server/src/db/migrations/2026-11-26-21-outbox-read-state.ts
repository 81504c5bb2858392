import { sql, SqliteAdapter, type Kysely } from 'kysely';

/*
 * Frozen: never edit after it has shipped; add a new migration instead.
 * The outbox's Tipo filter: a sent message is 'letti' once every recipient has read it, 'nonletti' while someone
 * has not. Each message carries the state as columns, so the filter is one range of an index that continues with
 * the outbox's order (docs/decisions/0007):
 * - messages.unread_recipients: how many of its recipients have not read it;
 * - messages.read_by_all: 1 when that is none, else 0 (the equality the index holds);
 * - index messages_sender_read (sender_uuid, read_by_all, created_at, uuid).
 * Triggers on message_recipients keep them, so that every writer of the recipients counts: a send, an edit that
 * adds or removes people, a read or unread mark, and the rows an account's deletion takes with it. SQLite: a row
 * trigger (about 1.3 µs a recipient: a message to 50,000 installers takes 65 ms more); PostgreSQL: a statement
 * trigger over the rows the statement changed, one update per message.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('messages')
    .addColumn('unread_recipients', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('messages')
    .addColumn('read_by_all', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  // One grouped pass over the recipients not yet read, joined to their messages.
  await sql`update messages set unread_recipients = f.n
    from (select message_uuid, count(*) as n from message_recipients where read_at is null group by message_uuid) as f
    where f.message_uuid = messages.uuid`.execute(db);
  await sql`update messages set read_by_all = 0 where unread_recipients > 0`.execute(db);
  await db.schema
    .createIndex('messages_sender_read')
    .on('messages')
    .columns(['sender_uuid', 'read_by_all', 'created_at', 'uuid'])
    .execute();

  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    // A recipient row that is (or was) unread adds (or takes away) one for its message.
    const more = (row: 'new' | 'old') =>
      `update messages set unread_recipients = unread_recipients + 1, read_by_all = 0
       where uuid = ${row}.message_uuid and ${row}.read_at is null;`;
    const less = (row: 'new' | 'old') =>
      `update messages set unread_recipients = unread_recipients - 1,
         read_by_all = case when unread_recipients = 1 then 1 else 0 end
       where uuid = ${row}.message_uuid and ${row}.read_at is null;`;
    await sql
      .raw(`create trigger message_recipients_unread_ai after insert on message_recipients begin ${more('new')} end`)
      .execute(db);
    await sql
      .raw(`create trigger message_recipients_unread_ad after delete on message_recipients begin ${less('old')} end`)
      .execute(db);
    await sql
      .raw(
        `create trigger message_recipients_unread_au after update of read_at, message_uuid on message_recipients
         when (old.read_at is null) <> (new.read_at is null) or old.message_uuid <> new.message_uuid
         begin ${less('old')} ${more('new')} end`,
      )
      .execute(db);
    return;
  }
  // The change of each message's count, from the rows the statement inserted (new_rows), deleted (old_rows) or
  // both. The messages are named through the trigger's own schema, as list_version_bump does, so a session with
  // another search_path still counts on the right table.
  await sql
    .raw(
      `create function message_unread_count() returns trigger language plpgsql as $$
declare
  changes text;
begin
  if tg_op = 'INSERT' then
    changes := 'select message_uuid, count(*) as n from new_rows where read_at is null group by message_uuid';
  elsif tg_op = 'DELETE' then
    changes := 'select message_uuid, -count(*) as n from old_rows where read_at is null group by message_uuid';
  else
    changes := 'select message_uuid, sum(n) as n from (
        select message_uuid, count(*) as n from new_rows where read_at is null group by message_uuid
        union all
        select message_uuid, -count(*) as n from old_rows where read_at is null group by message_uuid
      ) as both_sides group by message_uuid having sum(n) <> 0';
  end if;
  execute format('update %I.messages m set unread_recipients = m.unread_recipients + d.n,
      read_by_all = case when m.unread_recipients + d.n = 0 then 1 else 0 end
    from (%s) as d where m.uuid = d.message_uuid', tg_table_schema, changes);
  return null;
end $$`,
    )
    .execute(db);
  const trigger = (name: string, event: string, tables: string) =>
    sql
      .raw(
        `create trigger ${name} after ${event} on message_recipients referencing ${tables}
         for each statement execute function message_unread_count()`,
      )
      .execute(db);
  await trigger('message_recipients_unread_ai', 'insert', 'new table as new_rows');
  await trigger('message_recipients_unread_ad', 'delete', 'old table as old_rows');
  await trigger('message_recipients_unread_au', 'update', 'old table as old_rows new table as new_rows');
}

export async function down(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  for (const t of ['message_recipients_unread_ai', 'message_recipients_unread_ad', 'message_recipients_unread_au']) {
    await sql.raw(`drop trigger ${t}${sqlite ? '' : ' on message_recipients'}`).execute(db);
  }
  if (!sqlite) await sql`drop function message_unread_count()`.execute(db);
  await db.schema.dropIndex('messages_sender_read').execute();
  await db.schema.alterTable('messages').dropColumn('read_by_all').execute();
  await db.schema.alterTable('messages').dropColumn('unread_recipients').execute();
}
