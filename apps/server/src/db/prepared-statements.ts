import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import pg from 'pg';
import { remember } from '../lib/remember.ts';

/** SQL texts remembered with the name they are prepared under (the most recent ones; names are never reused). */
const MAX_TEXTS = 1_000;
/**
 * A connection is replaced after this many queries: what it prepared goes with it, which bounds what the texts
 * forgotten by the process (MAX_TEXTS) leave prepared in PostgreSQL's backends. Opening one costs a few ms.
 */
export const MAX_USES = 20_000;

/**
 * The names of the SQL texts a process sends more than once. A text gets its name at its second run, so a one-off
 * text (a migration's, a report's) is never prepared; a name always means the same text, in every connection.
 */
class StatementNames {
  readonly #seen = new Map<string, string | null>();
  #next = 0;

  nameOf(text: string): string | undefined {
    const known = this.#seen.get(text);
    if (known) return known;
    // Kept in the order last named or first seen: the least recent goes first when the map is full.
    const name = known === null ? `portale_${(this.#next++).toString(36)}` : null;
    remember(this.#seen, text, name, MAX_TEXTS);
    return name ?? undefined;
  }
}

/**
 * PostgreSQL parses, analyses and plans an unnamed statement again at every run. The portal sends the same few hundred
 * texts over and over (a list's keys and rows, the session, the data versions: as on SQLite, db/sqlite-file.ts), so
 * a text sent again runs as a named prepared statement of its connection: pg parses it once per connection, then
 * sends only Bind and Execute. Plans are still made for each run's values (plan_cache_mode = force_custom_plan, set
 * on the connection by db/connect.ts): a plan made once for every value could read a big reseller's list as if it
 * were a small one's. A text without parameters goes as it is, over the simple protocol, which allows several
 * statements in one text (the migrations').
 */
export function preparingPool(pool: pg.Pool): PostgresPool {
  const names = new StatementNames();
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    // Kysely opens a connection of this class to cancel a query.
    Client: pg.Client,
    options: pool.options,
    end: () => pool.end(),
    async connect() {
      const client = await pool.connect();
      // The same wrapper for the same connection: Kysely keeps its connection objects by client.
      let wrapper = wrappers.get(client);
      if (!wrapper) wrappers.set(client, (wrapper = preparingClient(client, names)));
      return wrapper;
    },
  };
}

function preparingClient(client: pg.PoolClient, names: StatementNames): PostgresPoolClient {
  function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  function query<R>(
    sql: string | PostgresCursor<R>,
    parameters?: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // db/connect.ts configures no cursor, so Kysely never streams from PostgreSQL.
    if (typeof sql !== 'string') throw new Error('query: PostgreSQL streams are not configured');
    const values = parameters ? [...parameters] : [];
    const name = values.length > 0 ? names.nameOf(sql) : undefined;
    return client
      .query<R & pg.QueryResultRow>(name ? { name, text: sql, values } : { text: sql, values })
      .then((r) => ({
        command: r.command as PostgresQueryResult<R>['command'],
        rowCount: r.rowCount ?? 0,
        rows: r.rows,
      }));
  }
  return {
    query,
    release: (destroy?: boolean) => client.release(destroy),
    // Kysely reads the backend's pid from here to cancel a query (an undocumented member of pg's Client).
    get processID() {
      return (client as { processID?: number }).processID;
    },
  };
}
