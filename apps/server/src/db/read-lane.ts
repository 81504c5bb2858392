import {
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type Driver,
  type PostgresPool,
  type QueryResult,
} from 'kysely';
import pg from 'pg';
import { backgroundThread, type BackgroundThread } from '../lib/background-thread.ts';
import { leaveTurn, requestSignal } from '../lib/client-gone.ts';
import type { Database, Db, DbOrTx } from './database.ts';
import { LimitsInText } from './limits-in-text.ts';
import { preparingPool } from './prepared-statements.ts';
import type { LaneQuery, LaneReply } from './read-lane-thread.ts';

/**
 * The read lane: a second handle on the same database for the few reads that cost milliseconds of CPU (a common
 * word's subject search in a folder of tens of thousands of messages, the usage statistics, the exports' pages), so
 * that they wait their turn among themselves instead of holding up every other request of the process
 * (docs/decisions/0026-processes-and-instances.md).
 * - SQLite: better-sqlite3 runs a query on the thread that asks, so a 40 ms read is 40 ms in which the process
 *   answers nobody. The lane's queries run on a worker thread with its own read-only connection to the file.
 * - PostgreSQL: the database does the work, but ten heavy queries at once take every core of a small machine,
 *   the portal's process included. The lane is a pool of one connection: one heavy read at a time per process
 *   (READ_LANE_CONNECTIONS for a database server of its own, whose cores the portal does not share).
 * A read whose client has gone before its turn is dropped then (lib/client-gone.ts): an abandoned heavy request no
 * longer holds up the ones after it for as long as it would have run.
 * A transaction reads on its own connection (it may have written), an in-memory SQLite database has no file to
 * share, and a handle made without a lane reads on itself: `readLane` then gives the handle back.
 */
export function readLane(db: DbOrTx): DbOrTx {
  if (db.isTransaction) return db;
  return lanes.get(db)?.db ?? db;
}

/**
 * A lane, the number of its reads waiting for their turn, and the number it dropped because their client had gone
 * (for /metrics).
 */
type Lane = { db: Db; waiting: () => number; dropped: () => number };

const lanes = new WeakMap<Db, Lane>();
/** Each lane's own handle to the handle it is the lane of. */
const owners = new WeakMap<Db, Db>();

/** Gives `db` its lane; `connect` does it for every handle, and destroys the lane with the handle. */
export function attachLane(db: Db, lane: Lane): void {
  lanes.set(db, lane);
  owners.set(lane.db, db);
}

/**
 * The handle whose lane `db` is (or `db` itself): where the one-row reads that go with a lane's heavy read run, such
 * as a cached result's data versions (lib/list-counts.ts), so that a result already in the cache is served without
 * waiting for the lane's turn (on SQLite, without a round trip to its thread).
 */
export function requestThread(db: DbOrTx): DbOrTx {
  if (db.isTransaction) return db;
  return owners.get(db) ?? db;
}

/** How many reads wait for the lane of `db` (none on a handle without one). */
export const laneWaiting = (db: Db): number => lanes.get(db)?.waiting() ?? 0;

/** How many reads the lane of `db` dropped at their turn, their client gone (lib/client-gone.ts). */
export const laneDropped = (db: Db): number => lanes.get(db)?.dropped() ?? 0;

/** The lane of a SQLite file: its queries run on a worker thread, started at the first one. */
export function sqliteLane(file: string): Lane {
  const thread = backgroundThread(new URL('./read-lane-thread.ts', import.meta.url), 'runQuery', { file });
  return {
    db: new Kysely<Database>({ dialect: new LaneDialect(thread), plugins: [new LimitsInText()] }),
    waiting: () => thread.waiting(),
    dropped: () => thread.dropped(),
  };
}

/** The lane of a PostgreSQL database: a pool of `connections` (one by default) with the handle's own settings. */
export function postgresLane(config: pg.PoolConfig, connections: number): Lane {
  const pool = new pg.Pool({ ...config, max: connections });
  const preparing = preparingPool(pool);
  let dropped = 0;
  // A read whose client has gone while it waited for the connection gives it back unused.
  const dropping: PostgresPool = {
    ...preparing,
    async connect() {
      // The lists behind this request go on while it waits for the lane (lib/client-gone.ts).
      leaveTurn();
      const signal = requestSignal();
      const client = await preparing.connect();
      if (signal?.aborted) {
        client.release();
        dropped += 1;
        throw signal.reason;
      }
      return client;
    },
  };
  return {
    db: new Kysely<Database>({ dialect: new PostgresDialect({ pool: dropping }) }),
    waiting: () => pool.waitingCount,
    dropped: () => dropped,
  };
}

/**
 * SQLite's adapter, except that Kysely need not hold each query until the one before it is done: the lane's thread
 * queues them itself, and so knows how many wait.
 */
class LaneAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

class LaneDialect implements Dialect {
  readonly #thread: BackgroundThread;
  constructor(thread: BackgroundThread) {
    this.#thread = thread;
  }
  createAdapter() {
    return new LaneAdapter();
  }
  createDriver(): Driver {
    return new LaneDriver(this.#thread);
  }
  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }
  createIntrospector(db: Kysely<Database>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}

/** The lane's queries, each a task of one thread (lib/background-thread.ts) with its own connection. */
class LaneDriver implements Driver {
  readonly #thread: BackgroundThread;
  readonly #connection: DatabaseConnection;

  constructor(thread: BackgroundThread) {
    this.#thread = thread;
    this.#connection = {
      async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
        // The lists behind this request go on while it waits for the lane (lib/client-gone.ts).
        leaveTurn();
        const task: LaneQuery = { sql: query.sql, parameters: query.parameters };
        const reply = (await thread.run(task, requestSignal())) as LaneReply;
        if ('error' in reply) throw Object.assign(new Error(reply.error.message), { code: reply.error.code });
        return { rows: reply.rows as R[] };
      },
      // The lane answers whole results: a stream would hold its thread for as long as the reader takes.
      streamQuery(): AsyncIterableIterator<never> {
        throw new Error('The read lane does not stream');
      },
    };
  }

  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.#connection;
  }
  async releaseConnection(): Promise<void> {}
  async beginTransaction(): Promise<void> {
    throw new Error('The read lane has no transactions');
  }
  async commitTransaction(): Promise<void> {}
  async rollbackTransaction(): Promise<void> {}
  async destroy(): Promise<void> {
    await this.#thread.close();
  }
}
