import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase,
  type SqliteDialectConfig,
} from 'kysely';
import pg from 'pg';
import type { Database, Db } from './database.ts';

export type DbTarget =
  { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; schema?: string | undefined };

export type DbHandle = { db: Db; kind: DbTarget['kind'] };

/** COUNT(*) and other int8 values arrive as strings from pg; our counts fit comfortably in a JS number. */
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

/**
 * Kysely asks better-sqlite3 to prepare every query it runs, and preparing costs more than running a list's indexed
 * reads; the portal sends the same few hundred SQL texts over and over, so prepared statements are kept by their
 * text (the most recent 500). Queries run one at a time on the connection; a statement still being iterated (a
 * stream) is not handed out twice.
 */
function withStatementCache(sqlite: SQLite.Database, max = 500): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      // Kysely opens every transaction with a plain (deferred) 'begin'. With several processes on one file
      // (WEB_CONCURRENCY workers, instances), a deferred transaction that has read and then writes fails at once with
      // SQLITE_BUSY when another process committed in between: busy_timeout cannot wait out that upgrade. An
      // immediate one takes the write lock when it starts and waits for it up to busy_timeout. Within one process
      // transactions already run one at a time on the connection, so nothing changes there.
      const sql = text === 'begin' ? 'begin immediate' : text;
      const cached = cache.get(sql);
      cache.delete(sql);
      const stmt = cached && !cached.busy ? cached : sqlite.prepare(sql);
      cache.set(sql, stmt);
      if (cache.size > max) {
        const oldest = cache.keys().next();
        if (!oldest.done) cache.delete(oldest.value);
      }
      return stmt;
    },
  };
}

/** A notification as PostgreSQL's LISTEN delivers it (pg.Client's 'notification' event). */
export type Notification = { channel: string; payload: string };

const notifiers = new WeakMap<Db, EventEmitter>();

/**
 * On SQLite, the notifications `select pg_notify(channel, payload)` made in this process, emitted as 'notification'
 * once their transaction commits (at once outside a transaction); undefined on PostgreSQL, where LISTEN hears them.
 */
export const sqliteNotifications = (db: Db): EventEmitter | undefined => notifiers.get(db);

/**
 * PostgreSQL's pg_notify on SQLite, with its meaning: a notification made inside a transaction is delivered when that
 * transaction commits and dropped when it rolls back, so a change and its announcement stand or fall together, and
 * the code that announces is the same on both databases (docs/decisions/0029-live-updates.md). Kysely's SQLite driver
 * runs one transaction at a time on its one connection, so the pending list belongs to the open transaction.
 */
function notifyingSqlite(
  sqlite: SQLite.Database,
  config: SqliteDialectConfig,
): { dialect: SqliteDialect; emitter: EventEmitter } {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let pending: Notification[] = [];
  // Emitted on the next turn: a listener's failure can never undo or delay the commit that announced it.
  const deliver = (list: Notification[]) => {
    if (list.length > 0) setImmediate(() => list.forEach((n) => emitter.emit('notification', n)));
  };
  sqlite.function('pg_notify', (channel: unknown, payload: unknown) => {
    const n = { channel: String(channel), payload: String(payload) };
    if (sqlite.inTransaction) pending.push(n);
    else deliver([n]);
    return null;
  });
  class NotifyingDriver extends SqliteDriver {
    override async commitTransaction(connection: DatabaseConnection): Promise<void> {
      await super.commitTransaction(connection);
      const done = pending;
      pending = [];
      deliver(done);
    }
    override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
      pending = [];
      await super.rollbackTransaction(connection);
    }
  }
  class NotifyingDialect extends SqliteDialect {
    override createDriver(): Driver {
      return new NotifyingDriver(config);
    }
  }
  return { dialect: new NotifyingDialect(config), emitter };
}

const pools = new WeakMap<Db, pg.Pool>();

/** The PostgreSQL pool behind a database handle (its counts go to /metrics); undefined on SQLite. */
export const poolOf = (db: Db): pg.Pool | undefined => pools.get(db);

export function connect(target: DbTarget): DbHandle {
  if (target.kind === 'sqlite') {
    if (target.file !== ':memory:') fs.mkdirSync(path.dirname(target.file), { recursive: true });
    const sqlite = new SQLite(target.file);
    sqlite.pragma('journal_mode = WAL');
    // WAL with NORMAL: a commit is written to the log without waiting for the disk; a killed or crashed process never
    // corrupts the database or loses a commit, a power cut may lose the last ones (docs/decisions/0002). An import’s
    // 500-row batch commits about a third faster.
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    // A list page reads a few dozen scattered pages of tables that grow past 100 MB: keep the hot ones in memory
    // (64 MiB of page cache) and read the file through a memory map (up to 256 MiB) instead of a system call per
    // page; the sorts of matched rows stay in memory too.
    sqlite.pragma('cache_size = -65536');
    sqlite.pragma('mmap_size = 268435456');
    sqlite.pragma('temp_store = memory');
    const { dialect, emitter } = notifyingSqlite(sqlite, { database: withStatementCache(sqlite) });
    const db = new Kysely<Database>({ dialect });
    notifiers.set(db, emitter);
    return { db, kind: 'sqlite' };
  }
  const pool = new pg.Pool({
    connectionString: target.url,
    max: 10,
    // Tests isolate each file in its own schema.
    ...(target.schema ? { options: `-c search_path=${target.schema}` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);
  return { db, kind: 'postgres' };
}
