import SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/**
 * A connection to the portal's SQLite file, tuned the same way for the writer (db/connect.ts) and for the read
 * lane's thread (db/read-lane-thread.ts), which opens it read-only.
 */
export function openSqlite(file: string, { readonly = false }: { readonly?: boolean } = {}): SQLite.Database {
  const sqlite = new SQLite(file, readonly ? { readonly: true, fileMustExist: true } : {});
  if (!readonly) {
    sqlite.pragma('journal_mode = WAL');
    // WAL with NORMAL: a commit is written to the log without waiting for the disk; a killed or crashed process
    // never corrupts the database or loses a commit, a power cut may lose the last ones (docs/decisions/0002). An
    // import’s 500-row batch commits about a third faster.
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
  }
  sqlite.pragma('busy_timeout = 5000');
  // A list page reads a few dozen scattered pages of tables that grow past 100 MB: keep the hot ones in memory
  // (64 MiB of page cache) and read the file through a memory map (up to 256 MiB) instead of a system call per
  // page; the sorts of matched rows stay in memory too.
  sqlite.pragma('cache_size = -65536');
  sqlite.pragma('mmap_size = 268435456');
  sqlite.pragma('temp_store = memory');
  return sqlite;
}

/**
 * Kysely asks better-sqlite3 to prepare every query it runs, and preparing costs more than running a list's indexed
 * reads; the portal sends the same few hundred SQL texts over and over, so prepared statements are kept by their
 * text (the most recent 500). Queries run one at a time on the connection; a statement still being iterated (a
 * stream) is not handed out twice.
 */
export function withStatementCache(
  sqlite: SQLite.Database,
  max = 500,
): SqliteDatabase & { prepare(text: string): SQLite.Statement } {
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
