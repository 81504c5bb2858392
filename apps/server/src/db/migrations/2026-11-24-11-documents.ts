import { sql, SqliteAdapter, type Kysely } from 'kysely';

/**
 * Documents (docs/decisions/0013-documents.md): the file's metadata (the bytes are in the file store under a server-made key) and
 * the groups that may see it. document_groups copies the document's date and kind, so a group's list, with or
 * without the type filter, is one index range in date order (document_groups_list, document_groups_kind); the
 * admin's list of every document reads documents_date and documents_kind the same way. Both tables join
 * list_versions (migration 2026-11-23-07), so a group's count is cached until a document changes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('documents')
    .addColumn('uuid', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('ext', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('file_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('documents_date').on('documents').columns(['created_at', 'uuid']).execute();
  await db.schema.createIndex('documents_kind').on('documents').columns(['kind', 'created_at', 'uuid']).execute();
  await db.schema
    .createTable('document_groups')
    .addColumn('document_uuid', 'text', (c) => c.notNull().references('documents.uuid').onDelete('cascade'))
    .addColumn('grp', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('document_groups_pk', ['document_uuid', 'grp'])
    .execute();
  await db.schema
    .createIndex('document_groups_list')
    .on('document_groups')
    .columns(['grp', 'created_at', 'document_uuid'])
    .execute();
  await db.schema
    .createIndex('document_groups_kind')
    .on('document_groups')
    .columns(['grp', 'kind', 'created_at', 'document_uuid'])
    .execute();

  const tables = ['documents', 'document_groups'];
  await db
    .insertInto('list_versions')
    .values(tables.map((name) => ({ name, version: 0 })))
    .execute();
  for (const table of tables) {
    if (db.getExecutor().adapter instanceof SqliteAdapter) {
      const bump = `update list_versions set version = version + 1 where name = '${table}';`;
      for (const event of ['insert', 'update', 'delete']) {
        await sql.raw(`create trigger ${table}_list_${event} after ${event} on ${table} begin ${bump} end`).execute(db);
      }
    } else {
      await sql
        .raw(
          `create trigger ${table}_list_version after insert or update or delete on ${table} for each statement execute function list_version_bump()`,
        )
        .execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  // Dropping the tables drops their triggers.
  await db.deleteFrom('list_versions').where('name', 'in', ['documents', 'document_groups']).execute();
  await db.schema.dropTable('document_groups').execute();
  await db.schema.dropTable('documents').execute();
}
