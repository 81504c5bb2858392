import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database, Db } from './database.ts';

export type DbTarget =
  { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; schema?: string | undefined };

export type DbHandle = { db: Db; kind: DbTarget['kind'] };

/** COUNT(*) and other int8 values arrive as strings from pg; our counts fit comfortably in a JS number. */
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

export function connect(target: DbTarget): DbHandle {
  if (target.kind === 'sqlite') {
    if (target.file !== ':memory:') fs.mkdirSync(path.dirname(target.file), { recursive: true });
    const sqlite = new SQLite(target.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }), kind: 'sqlite' };
  }
  const pool = new pg.Pool({
    connectionString: target.url,
    max: 10,
    // Tests isolate each file in its own schema.
    ...(target.schema ? { options: `-c search_path=${target.schema}` } : {}),
  });
  return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), kind: 'postgres' };
}
