import { workerData } from 'node:worker_threads';
import { openSqlite, withStatementCache } from './sqlite-file.ts';

/**
 * The read lane's thread (db/read-lane.ts): its own read-only connection to the portal's SQLite file, running the
 * queries it is sent one at a time, in the order they came. In WAL mode each read sees every transaction committed
 * before it started, whichever connection or process wrote it.
 */
export type LaneQuery = { sql: string; parameters: readonly unknown[] };
/** The rows, or the error with its SQLite code (an Error crossing threads keeps only its message). */
export type LaneReply = { rows: unknown[] } | { error: { message: string; code: string | undefined } };

const { file } = workerData as { file: string };
const db = withStatementCache(openSqlite(file, { readonly: true }));

export function runQuery({ sql, parameters }: LaneQuery): LaneReply {
  try {
    const stmt = db.prepare(sql);
    if (!stmt.reader) throw new Error(`The read lane only reads: ${sql.slice(0, 80)}`);
    return { rows: stmt.all(parameters) };
  } catch (e) {
    const err = e instanceof Error ? e : new Error(String(e));
    const code = 'code' in err && typeof err.code === 'string' ? err.code : undefined;
    return { error: { message: err.message, code } };
  }
}
