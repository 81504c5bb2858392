import { sql, SqliteAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

/*
 * Frozen: never edit after it has shipped; add a new migration instead.
 * The list pattern (docs/decisions/0007-list-pattern.md):
 * - Sort keys (`*_key`: lower case, no accents, single spaces) and search text (`name_search`) kept by the
 *   repositories, with one index per order and per equality filter that ends in the order's columns.
 * - posatori.userstato (login account state, 'none' without one) and posatori.coupon (coupons held), kept by the
 *   code that changes accounts and coupons, so their filter and order need no join and no per-row count.
 * - Contains-search on the `*_search` / `*_key` text: FTS5 trigram tables on SQLite, pg_trgm GIN on PostgreSQL.
 * - list_versions: one counter per listed table, bumped by a trigger on every write, so a cached count knows it
 *   is stale, across instances.
 * The backfill repeats the normalisation of lib/text-search.ts (a migration imports no app code).
 */

const text = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('');

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
const joined = (...parts: string[]) =>
  parts
    .map(fold)
    .filter((p) => p !== '')
    .join('\n');

/** Per table: its new text columns, and which of them the trigram search indexes. */
const searchable: Record<string, string[]> = {
  posatori: ['name_search', 'code_key'],
  partners: ['ragsoc_key', 'code_key'],
  capoarea: ['name_search'],
  rivenditori: ['name_search', 'code_key'],
};
const versioned = ['posatori', 'partners', 'capoarea', 'capoarea_provs', 'rivenditori', 'rivenditori_provs'];

const replaced: [string, string, string][] = [
  ['posatori_state', 'posatori', 'state'],
  ['posatori_capoarea', 'posatori', 'capoarea'],
  ['posatori_rivenditore', 'posatori', 'rivenditore'],
  ['posatori_lastname', 'posatori', 'lastname'],
  ['posatori_code', 'posatori', 'code'],
  ['partners_state', 'partners', 'state'],
  ['partners_capoarea', 'partners', 'capoarea'],
  ['partners_rivenditore', 'partners', 'rivenditore'],
  ['partners_code', 'partners', 'code'],
  ['rivenditori_state', 'rivenditori', 'state'],
  ['rivenditori_capoarea', 'rivenditori', 'capoarea'],
];

/** One index per order and per equality filter: the filter's column first, then the default order's columns. */
const byName = ['lastname_key', 'name_key', 'uuid'];
const indexes: [string, string, string[]][] = [
  ['posatori_cognome', 'posatori', byName],
  ['posatori_nome', 'posatori', ['name_key', 'lastname_key', 'uuid']],
  ['posatori_codice', 'posatori', ['code_key', 'uuid']],
  ['posatori_provincia', 'posatori', ['state', ...byName]],
  // Also serves the course-month filter: one dtstart, then the default order.
  ['posatori_corso', 'posatori', ['dtstart desc', ...byName]],
  ['posatori_coupon', 'posatori', ['coupon desc', ...byName]],
  ['posatori_recenti', 'posatori', ['created_at desc', 'uuid']],
  ['posatori_tipo', 'posatori', ['tipo', ...byName]],
  ['posatori_certificato', 'posatori', ['certificato', ...byName]],
  ['posatori_stato', 'posatori', ['stato', ...byName]],
  ['posatori_userstato', 'posatori', ['userstato', ...byName]],
  ['posatori_capoarea', 'posatori', ['capoarea', ...byName]],
  ['posatori_rivenditore', 'posatori', ['rivenditore', ...byName]],
  ['partners_ragsoc', 'partners', ['ragsoc_key', 'uuid']],
  ['partners_code', 'partners', ['code_key', 'uuid']],
  ['partners_state', 'partners', ['state', 'ragsoc_key', 'uuid']],
  ['partners_capoarea', 'partners', ['capoarea', 'ragsoc_key', 'uuid']],
  ['partners_rivenditore', 'partners', ['rivenditore', 'ragsoc_key', 'uuid']],
  ['capoarea_cognome', 'capoarea', byName],
  ['capoarea_state', 'capoarea', ['state', ...byName]],
  ['rivenditori_ragsoc', 'rivenditori', ['ragsoc_key', 'lastname_key', 'uuid']],
  ['rivenditori_code', 'rivenditori', ['code_key', 'uuid']],
  ['rivenditori_state', 'rivenditori', ['state', 'ragsoc_key', 'lastname_key', 'uuid']],
  ['rivenditori_capoarea', 'rivenditori', ['capoarea', 'ragsoc_key', 'lastname_key', 'uuid']],
];

export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;

  const addText = async (table: string, columns: string[]) => {
    for (const col of columns) await db.schema.alterTable(table).addColumn(col, 'text', text).execute();
  };
  await addText('posatori', ['lastname_key', 'name_key', 'name_search', 'code_key']);
  await db.schema
    .alterTable('posatori')
    .addColumn('userstato', 'text', (c) => c.notNull().defaultTo('none'))
    .execute();
  await db.schema
    .alterTable('posatori')
    .addColumn('coupon', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await addText('partners', ['ragsoc_key', 'code_key']);
  await addText('capoarea', ['lastname_key', 'name_key', 'name_search']);
  await addText('rivenditori', ['ragsoc_key', 'lastname_key', 'name_search', 'code_key']);

  // Backfill what exists.
  type Person = { uuid: string; name: string; lastname: string; ragsoc: string; code: string };
  const people = async (table: string, cols: string[]) =>
    (await db
      .selectFrom(table)
      .select(['uuid', ...cols])
      .execute()) as Person[];
  for (const p of await people('posatori', ['name', 'lastname', 'code'])) {
    await db
      .updateTable('posatori')
      .set({
        lastname_key: fold(p.lastname),
        name_key: fold(p.name),
        name_search: joined(`${p.name} ${p.lastname}`, `${p.lastname} ${p.name}`),
        code_key: fold(p.code),
      })
      .where('uuid', '=', p.uuid)
      .execute();
  }
  await sql`update posatori set userstato = coalesce((select u.stato from users u where u.uuid = posatori.user_uuid), 'none')`.execute(
    db,
  );
  await sql`update posatori set coupon = (select count(*) from coupons c where c.posatore = posatori.uuid)`.execute(db);
  for (const p of await people('partners', ['ragsoc', 'code'])) {
    await db
      .updateTable('partners')
      .set({ ragsoc_key: fold(p.ragsoc), code_key: fold(p.code) })
      .where('uuid', '=', p.uuid)
      .execute();
  }
  for (const p of await people('capoarea', ['name', 'lastname', 'ragsoc'])) {
    await db
      .updateTable('capoarea')
      .set({
        lastname_key: fold(p.lastname),
        name_key: fold(p.name),
        name_search: joined(p.ragsoc, `${p.name} ${p.lastname}`, `${p.lastname} ${p.name}`),
      })
      .where('uuid', '=', p.uuid)
      .execute();
  }
  for (const p of await people('rivenditori', ['name', 'lastname', 'ragsoc', 'code'])) {
    await db
      .updateTable('rivenditori')
      .set({
        ragsoc_key: fold(p.ragsoc),
        lastname_key: fold(p.lastname),
        name_search: joined(p.ragsoc, `${p.name} ${p.lastname}`, `${p.lastname} ${p.name}`),
        code_key: fold(p.code),
      })
      .where('uuid', '=', p.uuid)
      .execute();
  }

  // Single-column indexes that the composite ones below replace (same leading column).
  for (const [name] of replaced) await db.schema.dropIndex(name).execute();

  for (const [name, table, columns] of indexes) {
    await db.schema.createIndex(name).on(table).columns(columns).execute();
  }

  await db.schema
    .createTable('list_versions')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .insertInto('list_versions')
    .values(versioned.map((name) => ({ name, version: 0 })))
    .execute();

  if (sqlite) await sqliteSearchAndVersions(db);
  else await postgresSearchAndVersions(db);
}

/**
 * SQLite: an external-content FTS5 table per searchable table, over its rowid (stable: VACUUM keeps the rowids of a
 * table that has indexes), kept in step by triggers, which also bump list_versions.
 */
async function sqliteSearchAndVersions(db: Kysely<any>): Promise<void> {
  for (const table of versioned) {
    const cols = searchable[table] ?? [];
    const fts = `${table}_fts`;
    const bump = `update list_versions set version = version + 1 where name = '${table}';`;
    const news = cols.map((c) => `new.${c}`).join(', ');
    const olds = cols.map((c) => `old.${c}`).join(', ');
    const insertNew = cols.length ? `insert into ${fts}(rowid, ${cols.join(', ')}) values (new.rowid, ${news});` : '';
    const deleteOld = cols.length
      ? `insert into ${fts}(${fts}, rowid, ${cols.join(', ')}) values ('delete', old.rowid, ${olds});`
      : '';
    if (cols.length) {
      await sql
        .raw(
          `create virtual table ${fts} using fts5(${cols.join(', ')}, content='${table}', content_rowid='rowid', tokenize='trigram')`,
        )
        .execute(db);
      await sql.raw(`insert into ${fts}(${fts}) values ('rebuild')`).execute(db);
      await sql
        .raw(
          `create trigger ${table}_search_au after update of ${cols.join(', ')} on ${table} begin ${deleteOld} ${insertNew} end`,
        )
        .execute(db);
    }
    await sql
      .raw(`create trigger ${table}_list_ai after insert on ${table} begin ${insertNew} ${bump} end`)
      .execute(db);
    await sql
      .raw(`create trigger ${table}_list_ad after delete on ${table} begin ${deleteOld} ${bump} end`)
      .execute(db);
    await sql.raw(`create trigger ${table}_list_au after update on ${table} begin ${bump} end`).execute(db);
  }
}

/**
 * PostgreSQL: pg_trgm lives in one schema of the database (public unless it was installed elsewhere), and the index
 * names its operator class with that schema, so a connection whose search_path is only its own schema (the tests')
 * can build and use it. Kysely's migration lock is one advisory lock per database, so schemas migrating at once do
 * not race on CREATE EXTENSION. pg_trgm is a trusted extension: the database owner may create it.
 */
async function postgresSearchAndVersions(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm schema public`.execute(db);
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  const schema = (rows[0]?.schema ?? 'public').replace(/"/g, '""');
  for (const [table, cols] of Object.entries(searchable)) {
    for (const col of cols) {
      await sql
        .raw(`create index ${table}_${col}_trgm on ${table} using gin (${col} "${schema}".gin_trgm_ops)`)
        .execute(db);
    }
  }
  // Statement-level: one bump per write statement. The table is named through the trigger's own schema, so a
  // session with another search_path still bumps the right counter.
  await sql
    .raw(
      `create function list_version_bump() returns trigger language plpgsql as $$
begin
  execute format('update %I.list_versions set version = version + 1 where name = %L', tg_table_schema, tg_table_name);
  return null;
end $$`,
    )
    .execute(db);
  for (const table of versioned) {
    await sql
      .raw(
        `create trigger ${table}_list_version after insert or update or delete on ${table} for each statement execute function list_version_bump()`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  for (const table of versioned) {
    const triggers = sqlite
      ? [
          `${table}_list_ai`,
          `${table}_list_ad`,
          `${table}_list_au`,
          ...(searchable[table] ? [`${table}_search_au`] : []),
        ]
      : [`${table}_list_version`];
    for (const t of triggers) await sql.raw(`drop trigger ${t}${sqlite ? '' : ` on ${table}`}`).execute(db);
    if (sqlite && searchable[table]) await sql.raw(`drop table ${table}_fts`).execute(db);
  }
  if (!sqlite) {
    await sql`drop function list_version_bump()`.execute(db);
    for (const [table, cols] of Object.entries(searchable)) {
      for (const col of cols) await db.schema.dropIndex(`${table}_${col}_trgm`).execute();
    }
  }
  await db.schema.dropTable('list_versions').execute();
  for (const [name] of indexes) await db.schema.dropIndex(name).execute();
  for (const [name, table, column] of replaced) await db.schema.createIndex(name).on(table).column(column).execute();
  const drop = async (table: string, columns: string[]) => {
    for (const col of columns) await db.schema.alterTable(table).dropColumn(col).execute();
  };
  await drop('posatori', ['lastname_key', 'name_key', 'name_search', 'code_key', 'userstato', 'coupon']);
  await drop('partners', ['ragsoc_key', 'code_key']);
  await drop('capoarea', ['lastname_key', 'name_key', 'name_search']);
  await drop('rivenditori', ['ragsoc_key', 'lastname_key', 'name_search', 'code_key']);
}
