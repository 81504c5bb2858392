import type { CompiledQuery } from 'kysely';
import type { DbOrTx } from '../db/database.ts';
import { requestThread } from '../db/read-lane.ts';
import { leaveTurn } from './client-gone.ts';
import { remember } from './remember.ts';
import { rowsByKeys } from './rows-by-keys.ts';

export type ListTable =
  | 'posatori'
  | 'partners'
  | 'capoarea'
  | 'capoarea_provs'
  | 'rivenditori'
  | 'rivenditori_provs'
  | 'coupons'
  | 'documents'
  | 'document_groups';

/**
 * A user's message folder, versioned on its own (migration 2026-11-27-28): one user's mail does not date another's
 * counts, which a version of the whole messages table would, with every message read anywhere.
 */
export type FolderVersion = `inbox:${string}` | `outbox:${string}`;

/** What a cached result is dated by: the rows of list_versions it names. */
export type Versioned = ListTable | FolderVersion;

/** A count query: a select of one row with the number in `n`. */
export type CountQuery = {
  compile(): CompiledQuery;
  executeTakeFirst(): Promise<{ n: number | string | bigint } | undefined>;
};

const MAX_ENTRIES = 2_000;
/** What cachedResult keeps per handle: a result and the data versions it was made at. */
const results = new WeakMap<object, Map<string, { versions: string; value: unknown }>>();

const versionRows = rowsByKeys((db, tables) =>
  db.selectFrom('list_versions').select(['name', 'version']).where('name', 'in', tables),
);

/**
 * The data versions of these tables, as one string: what a cached result is valid for. Read on the request's own
 * thread even for a result the read lane computes: a hit then never queues behind the lane's heavy reads. The lane's
 * read starts after this one, so it sees these versions or later ones, and a result cached under versions older than
 * its data is only computed again once more.
 */
const versionsOf = async (db: DbOrTx, tables: readonly Versioned[]): Promise<string> =>
  (await versionRows(requestThread(db), tables)).map((r) => `${r.name}:${r.version}`).join(',');

/** The sum of the counts (a list's reccount, over its disjoint parts), read now: what cachedCount remembers. */
export async function sumCounts(queries: readonly CountQuery[]): Promise<number> {
  let n = 0;
  for (const q of queries) n += Number((await q.executeTakeFirst())?.n ?? 0);
  return n;
}

/**
 * The sum of the counts (a list's reccount, over its disjoint parts), remembered per database handle until a write
 * to one of `tables` bumps its version. Every request reads the versions (one indexed read), so a count is never
 * served stale, whichever instance made the write: the versions are rows of the shared database, read before
 * counting, and a bump commits with the write that caused it. Inside a transaction nothing is cached (it may see
 * its own uncommitted writes). The key is the count's own SQL and parameters (countKey; given when the caller
 * already holds it), so any filter combination is cached without a hand-made key.
 */
export function cachedCount(
  db: DbOrTx,
  tables: readonly Versioned[],
  queries: readonly CountQuery[],
  key?: string,
): Promise<number> {
  return cachedResult(db, tables, `count\u0000${key ?? countKey(queries)}`, () => sumCounts(queries));
}

/**
 * A result, remembered per database handle until a write to one of `tables` bumps its version, as the counts are
 * (cachedCount is one): every call reads the versions, nothing is cached inside a transaction, and the requests that
 * miss together share one computation (sharedRead). `key` names everything else the result depends on (for a
 * search box's answers: the kind, the searcher's scope, the text), and one key always means results of one type.
 */
export async function cachedResult<V>(
  db: DbOrTx,
  tables: readonly Versioned[],
  key: string,
  compute: () => Promise<V>,
): Promise<V> {
  if (db.isTransaction) return compute();
  const versions = await versionsOf(db, tables);
  let cache = results.get(db);
  if (!cache) results.set(db, (cache = new Map()));
  const hit = cache.get(key);
  // One key always means one type of result (above).
  if (hit && hit.versions === versions) return hit.value as V;
  const value = await sharedRead(db, `result\u0000${versions}\u0000${key}`, compute);
  remember(cache, key, { versions, value }, MAX_ENTRIES);
  return value;
}

/** The key cachedCount keeps a count under: the count queries' SQL and parameters. */
export const countKey = (queries: readonly CountQuery[]): string =>
  queries
    .map((q) => {
      const c = q.compile();
      return `${c.sql}\u0000${JSON.stringify(c.parameters)}`;
    })
    .join('\u0001');

const rowCaches = new WeakMap<object, Map<string, { versions: string; rows: readonly unknown[] }>>();
const readsInFlight = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * One read per key at a time on a handle: the requests that miss a remembered result together wait for the read
 * already running instead of each running it (a whole table's figures, a count of millions of rows). The key names
 * the read whole (its SQL, parameters and the data versions it is valid for), so whoever shares it expects its type.
 */
export function sharedRead<T>(db: DbOrTx, key: string, read: () => Promise<T>): Promise<T> {
  let inFlight = readsInFlight.get(db);
  if (!inFlight) readsInFlight.set(db, (inFlight = new Map()));
  const running = inFlight.get(key);
  if (running) {
    // Waiting for another request's read, often on the read lane: the lists behind this one go on meanwhile.
    leaveTurn();
    return running as Promise<T>;
  }
  const started = read().finally(() => inFlight.delete(key));
  inFlight.set(key, started);
  return started;
}
/** At most this many results are remembered per handle (a search's keys are a few hundred kB, a reach's up to MBs). */
const MAX_ROW_LISTS = 64;
/**
 * And at most this many rows in all: a reach's keys for its deep pages can be thousands of rows (the owning area
 * manager's 4,520, about 160 bytes each), so the bound is on rows: about 33 MB per process at most.
 */
const MAX_ROWS = 200_000;

/**
 * The rows of a query, remembered per database handle like the counts: until a write to one of `tables` bumps its
 * version, and never inside a transaction; the key is the query's own SQL and parameters. For the keys of every row
 * of a matched list (a text search), in its order, so a search box's text matching thousands of rows is sorted once
 * per data version, not on every request for one of its pages; and for figures aggregated over a whole table (the
 * usage statistics' coupon months), read again only once the table has changed.
 */
export async function cachedRows<R>(
  db: DbOrTx,
  tables: readonly Versioned[],
  query: { compile(): CompiledQuery; execute(): Promise<R[]> },
): Promise<readonly R[]> {
  if (db.isTransaction) return query.execute();
  const versions = await versionsOf(db, tables);
  const c = query.compile();
  const key = `${c.sql}\u0000${JSON.stringify(c.parameters)}`;
  let cache = rowCaches.get(db);
  if (!cache) rowCaches.set(db, (cache = new Map()));
  const hit = cache.get(key);
  // The key is this query's SQL and parameters, so a hit holds rows of this query's shape.
  if (hit && hit.versions === versions) return hit.rows as readonly R[];
  const rows = await sharedRead(db, `rows\u0000${versions}\u0000${key}`, () => query.execute());
  if (rows.length > MAX_ROWS) return rows;
  remember(cache, key, { versions, rows }, MAX_ROW_LISTS);
  let total = 0;
  for (const entry of cache.values()) total += entry.rows.length;
  // The oldest out first, as remember does, until the rows fit; the new entry, the last, always does.
  for (const [oldest, entry] of cache) {
    if (total <= MAX_ROWS) break;
    cache.delete(oldest);
    total -= entry.rows.length;
  }
  return rows;
}
