import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  PostgresDriver,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type PostgresDialectConfig,
  type SqliteDialectConfig,
} from 'kysely';
import pg from 'pg';
import type { Database, Db } from './database.ts';
import { LimitsInText } from './limits-in-text.ts';
import { attachLane, postgresLane, sqliteLane } from './read-lane.ts';
import { MAX_USES, preparingPool } from './prepared-statements.ts';
import { openSqlite, withStatementCache } from './sqlite-file.ts';

export type DbTarget =
  | { kind: 'sqlite'; file: string }
  | {
      kind: 'postgres';
      url: string;
      schema?: string | undefined;
      /** The read lane's pool size (db/read-lane.ts); one unless READ_LANE_CONNECTIONS says otherwise. */
      laneConnections?: number | undefined;
    };

export type DbHandle = { db: Db; kind: DbTarget['kind'] };

/** COUNT(*) and other int8 values arrive as strings from pg; our counts fit comfortably in a JS number. */
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

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
  lane: { db: Db } | undefined,
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
    override async destroy(): Promise<void> {
      await lane?.db.destroy();
      await super.destroy();
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
    const sqlite = openSqlite(target.file);
    // The file exists now, so the lane's read-only connection can open it.
    const lane = target.file === ':memory:' ? undefined : sqliteLane(target.file);
    const { dialect, emitter } = notifyingSqlite(sqlite, { database: withStatementCache(sqlite) }, lane);
    const db = new Kysely<Database>({ dialect, plugins: [new LimitsInText()] });
    notifiers.set(db, emitter);
    if (lane) attachLane(db, lane);
    return { db, kind: 'sqlite' };
  }
  // Tests isolate each file in its own schema. Each run's plan is made for its values, prepared or not
  // (db/prepared-statements.ts).
  const options = [
    '-c plan_cache_mode=force_custom_plan',
    ...(target.schema ? [`-c search_path=${target.schema}`] : []),
  ];
  const settings: pg.PoolConfig = { connectionString: target.url, options: options.join(' '), maxUses: MAX_USES };
  const pool = new pg.Pool({ ...settings, max: 10 });
  const lane = postgresLane(settings, target.laneConnections ?? 1);
  const db = new Kysely<Database>({ dialect: new LaneClosingPostgres({ pool: preparingPool(pool) }, lane.db) });
  pools.set(db, pool);
  attachLane(db, lane);
  return { db, kind: 'postgres' };
}

/** PostgreSQL's dialect whose driver, when the handle is destroyed, ends the read lane's pool too. */
class LaneClosingPostgres extends PostgresDialect {
  readonly #config: PostgresDialectConfig;
  readonly #lane: Db;
  constructor(config: PostgresDialectConfig, lane: Db) {
    super(config);
    this.#config = config;
    this.#lane = lane;
  }
  override createDriver(): Driver {
    const lane = this.#lane;
    return new (class extends PostgresDriver {
      override async destroy(): Promise<void> {
        await lane.destroy();
        await super.destroy();
      }
    })(this.#config);
  }
}
