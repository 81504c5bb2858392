import { sql, SqliteAdapter, type Kysely } from 'kysely';

/*
 * Frozen: never edit after it has shipped; add a new migration instead.
 * A data version per message folder, so that a folder's count is cached until that folder changes
 * (docs/performance/lists.md): the inbox of a user who receives everyone's messages has tens of thousands of rows,
 * and a version of the whole messages table would change with every message read anywhere. The versions are rows
 * of list_versions (migration 2026-11-23-07) named 'inbox:<user uuid>' and 'outbox:<user uuid>', created by the
 * first change of the folder: a folder without its row has never changed since this migration, and the row's
 * appearance changes its version as a bump does.
 * - A user's inbox changes when a recipient row of theirs is added, removed or changed (a read or unread mark).
 * - A sender's outbox changes when a message of theirs is added or removed, or when what the outbox filters on
 *   changes: its read state (read_by_all, kept by migration 2026-11-26-21's triggers), its subject, its date.
 * SQLite: row triggers (a message to 42,566 installers of the stress data: within the run-to-run spread of its
 * 540-680 ms). PostgreSQL: statement triggers over the rows the statement changed, one upsert per statement (the same
 * send: about 1.3 s instead of 1.0). A bump locks the folder's row until the transaction ends, so the locks are
 * taken in one order everywhere, which is what keeps two writers from waiting on each other in a circle: the
 * folders of one statement in the order of their names; an outbox before an inbox, because PostgreSQL fires a
 * table's triggers in the order of their names and message_recipients_version_* come after
 * message_recipients_unread_* (migration 2026-11-26-21), whose update of the message bumps its sender's outbox. So a
 * read mark (the message's sender's outbox, then the reader's inbox) and a send by the same sender to the same
 * reader (the sender's outbox at the message's insert, then the recipients' inboxes) take them alike.
 */
const folderOf = {
  inbox: (row: 'new' | 'old') => `'inbox:' || ${row}.user_uuid`,
  outbox: (row: 'new' | 'old') => `'outbox:' || ${row}.sender_uuid`,
};

/** SQLite: bump (or create) one folder's version; `when` keeps the statement conditional inside a trigger. */
const bump = (folder: string, when: string) =>
  `insert into list_versions (name, version) select ${folder}, 1 where ${when}
   on conflict (name) do update set version = version + 1;`;

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    const inbox = folderOf.inbox;
    const outbox = folderOf.outbox;
    const statements: [name: string, event: string, body: string][] = [
      ['message_recipients_version_ai', 'after insert on message_recipients', bump(inbox('new'), 'true')],
      ['message_recipients_version_ad', 'after delete on message_recipients', bump(inbox('old'), 'true')],
      [
        'message_recipients_version_au',
        'after update on message_recipients',
        `${bump(inbox('new'), 'true')} ${bump(inbox('old'), 'old.user_uuid <> new.user_uuid')}`,
      ],
      ['messages_version_ai', 'after insert on messages', bump(outbox('new'), 'new.sender_uuid is not null')],
      ['messages_version_ad', 'after delete on messages', bump(outbox('old'), 'old.sender_uuid is not null')],
      [
        'messages_version_au',
        `after update on messages when old.read_by_all is not new.read_by_all or old.oggetto_key is not new.oggetto_key
           or old.sender_uuid is not new.sender_uuid or old.created_at is not new.created_at`,
        `${bump(outbox('new'), 'new.sender_uuid is not null')}
         ${bump(outbox('old'), 'old.sender_uuid is not null and old.sender_uuid is not new.sender_uuid')}`,
      ],
    ];
    for (const [name, event, body] of statements) {
      await sql.raw(`create trigger ${name} ${event} begin ${body} end`).execute(db);
    }
    return;
  }
  // The folders a statement changed, from the rows it inserted (new_rows), deleted (old_rows) or both; the table is
  // named through the trigger's own schema, as list_version_bump does.
  await sql
    .raw(
      `create function folder_version_bump() returns trigger language plpgsql as $$
declare
  folders text;
begin
  if tg_table_name = 'message_recipients' then
    folders := case tg_op
      when 'INSERT' then 'select ''inbox:'' || user_uuid from new_rows'
      when 'DELETE' then 'select ''inbox:'' || user_uuid from old_rows'
      else 'select ''inbox:'' || user_uuid from new_rows union select ''inbox:'' || user_uuid from old_rows'
    end;
  else
    folders := case tg_op
      when 'INSERT' then 'select ''outbox:'' || sender_uuid from new_rows'
      when 'DELETE' then 'select ''outbox:'' || sender_uuid from old_rows'
      else 'select ''outbox:'' || s.sender_uuid from new_rows n join old_rows o on o.uuid = n.uuid,
          lateral (values (n.sender_uuid), (o.sender_uuid)) as s(sender_uuid)
        where (n.read_by_all, n.oggetto_key, n.sender_uuid, n.created_at)
          is distinct from (o.read_by_all, o.oggetto_key, o.sender_uuid, o.created_at)'
    end;
  end if;
  execute format('insert into %I.list_versions as v (name, version)
      select distinct name, 1 from (%s) as f(name) where name is not null order by name
      on conflict (name) do update set version = v.version + 1', tg_table_schema, folders);
  return null;
end $$`,
    )
    .execute(db);
  const trigger = (table: string, name: string, event: string, tables: string) =>
    sql
      .raw(
        `create trigger ${name} after ${event} on ${table} referencing ${tables}
         for each statement execute function folder_version_bump()`,
      )
      .execute(db);
  for (const table of ['message_recipients', 'messages']) {
    await trigger(table, `${table}_version_ai`, 'insert', 'new table as new_rows');
    await trigger(table, `${table}_version_ad`, 'delete', 'old table as old_rows');
    await trigger(table, `${table}_version_au`, 'update', 'old table as old_rows new table as new_rows');
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  for (const table of ['message_recipients', 'messages']) {
    for (const event of ['ai', 'ad', 'au']) {
      await sql.raw(`drop trigger ${table}_version_${event}${sqlite ? '' : ` on ${table}`}`).execute(db);
    }
  }
  if (!sqlite) await sql`drop function folder_version_bump()`.execute(db);
  await db
    .deleteFrom('list_versions')
    .where((eb) => eb.or([eb('name', 'like', 'inbox:%'), eb('name', 'like', 'outbox:%')]))
    .execute();
}
