import { sql, SqliteAdapter, type Kysely } from 'kysely';

/*
 * Frozen: never edit after it has shipped; add a new migration instead.
 * Indexed search of messages and documents (docs/decisions/0020-indexed-message-and-document-search.md): the subjects of messages and the
 * titles of documents get the list pattern's trigram search (docs/decisions/0007), so the inbox's Oggetto filter
 * and the global search look through the whole history instead of a window of the newest rows.
 * - documents.title_key: the title folded like every `*_key` (lower case, no accents, single spaces), kept by the
 *   documents repository; messages.oggetto_key exists already (2026-11-24-09) and is folded again here, since that
 *   migration filled old rows with lower(), which keeps accents.
 * - SQLite: external-content FTS5 trigram tables messages_fts and documents_fts over those columns and the tables'
 *   rowids, kept in step by triggers (as sqliteSearchAndVersions of 2026-11-23-07 does).
 * - PostgreSQL: a pg_trgm GIN index per column, the operator class named with the extension's schema (which
 *   2026-11-23-07 created) so a connection whose search_path is only its own schema can build and use it.
 * The folding repeats lib/text-search.ts fold (a migration imports no app code).
 */

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/** Per table: the folded column searched by trigrams, and the text it is folded from. */
const searched = [
  { table: 'messages', column: 'oggetto_key', from: 'oggetto' },
  { table: 'documents', column: 'title_key', from: 'title' },
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .alterTable('documents')
    .addColumn('title_key', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  // Backfill: only the rows whose stored key differs from the fold (every document; messages with accents), 500 to
  // a statement, so 100,000 documents are 200 updates.
  for (const { table, column, from } of searched) {
    const rows = (await db
      .selectFrom(table)
      .select(['uuid', `${from} as text`, `${column} as key`])
      .execute()) as { uuid: string; text: string; key: string }[];
    const changed = rows.flatMap((r) => (fold(r.text) === r.key ? [] : [{ uuid: r.uuid, key: fold(r.text) }]));
    for (let i = 0; i < changed.length; i += 500) {
      const chunk = changed.slice(i, i + 500);
      const cases = sql.join(
        chunk.map((r) => sql`when ${r.uuid} then ${r.key}`),
        sql` `,
      );
      await sql`update ${sql.table(table)} set ${sql.ref(column)} = case uuid ${cases} end
        where uuid in (${sql.join(chunk.map((r) => r.uuid))})`.execute(db);
    }
  }

  if (sqlite) {
    for (const { table, column } of searched) {
      const fts = `${table}_fts`;
      const insertNew = `insert into ${fts}(rowid, ${column}) values (new.rowid, new.${column});`;
      const deleteOld = `insert into ${fts}(${fts}, rowid, ${column}) values ('delete', old.rowid, old.${column});`;
      await sql
        .raw(
          `create virtual table ${fts} using fts5(${column}, content='${table}', content_rowid='rowid', tokenize='trigram')`,
        )
        .execute(db);
      await sql.raw(`insert into ${fts}(${fts}) values ('rebuild')`).execute(db);
      await sql.raw(`create trigger ${table}_search_ai after insert on ${table} begin ${insertNew} end`).execute(db);
      await sql.raw(`create trigger ${table}_search_ad after delete on ${table} begin ${deleteOld} end`).execute(db);
      await sql
        .raw(
          `create trigger ${table}_search_au after update of ${column} on ${table} begin ${deleteOld} ${insertNew} end`,
        )
        .execute(db);
    }
    return;
  }
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  const schema = (rows[0]?.schema ?? 'public').replace(/"/g, '""');
  for (const { table, column } of searched) {
    await sql
      .raw(`create index ${table}_${column}_trgm on ${table} using gin (${column} "${schema}".gin_trgm_ops)`)
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  for (const { table, column } of searched) {
    if (sqlite) {
      for (const t of ['ai', 'ad', 'au']) await sql.raw(`drop trigger ${table}_search_${t}`).execute(db);
      await sql.raw(`drop table ${table}_fts`).execute(db);
    } else {
      await db.schema.dropIndex(`${table}_${column}_trgm`).execute();
    }
  }
  await db.schema.alterTable('documents').dropColumn('title_key').execute();
}
