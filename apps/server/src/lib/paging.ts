import {
  CompiledQuery,
  sql,
  type Compilable,
  type Expression,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import { PAGE_SIZE_DEFAULT, type Paged, type PagingQuery } from '@portal/shared/schemas/paging';
import type { Database, DbOrTx } from '../db/database.ts';
import { cachedCount, cachedRows, countKey, type CountQuery, type Versioned } from './list-counts.ts';
import { remember } from './remember.ts';
import { isSqlite } from './text-search.ts';

export type PageWindow = { page: number; pages: number; size: number; offset: number };

/**
 * Where a page of reccount rows starts. A page beyond the count becomes the last page and no rows give page 1 of
 * 0, so a stale page in the URL still shows rows.
 */
export function pageWindow(reccount: number, query: PagingQuery): PageWindow {
  const size = query.size ?? PAGE_SIZE_DEFAULT;
  const pages = Math.ceil(reccount / size);
  const page = Math.max(1, Math.min(query.page ?? 1, pages));
  return { page, pages, size, offset: (page - 1) * size };
}

/** A list's page as the API answers it: the count, the window it gives, that window's rows mapped to the wire. */
export async function pagedList<R, T>(
  query: PagingQuery,
  count: () => Promise<number>,
  rows: (win: PageWindow, reccount: number) => Promise<readonly R[]>,
  toRow: (r: R) => T,
): Promise<Paged<T>> {
  const reccount = await count();
  const win = pageWindow(reccount, query);
  const data = (await rows(win, reccount)).map(toRow);
  return { data, page: win.page, pages: win.pages, reccount };
}

/**
 * A list order: the columns of one index, in its directions, ending in a unique column (the row's key: uuid, or
 * the key a row is read by, as message_uuid for a recipient row) so pages never overlap. Column names are the
 * table's; a computed column (the state of a coupon on a given day) gives its expression as the third item and the
 * name it is selected under.
 */
export type ListOrder = readonly (readonly [column: string, direction: 'asc' | 'desc', value?: RawBuilder<unknown>])[];

/** One part of a viewer's reach: the rows whose column equals the value (an indexed column). */
export type ReachPart = readonly [column: string, value: string];

/** A reach's parts once each (a province named twice, as the manager's and as the reseller's, is one part). */
const distinctParts = (parts: readonly ReachPart[]) =>
  parts.filter(([c, v], i) => parts.findIndex(([c2, v2]) => c2 === c && v2 === v) === i);

const partIs = (table: string, [column, value]: ReachPart) => sql<SqlBool>`${sql.ref(`${table}.${column}`)} = ${value}`;

/**
 * The conditions of a reach made of overlapping parts (assigned to me, or in one of my provinces), as disjoint
 * arms: each part without the rows of the parts before it. Each arm is an equality on an index that continues
 * with the list's order, so arms are counted apart and summed (countQueries). A page reads the parts as they are
 * (reachParts): an arm's exclusion is a test of each of its rows, and when the manager owns his provinces, as area
 * managers do, it reads a province arm to its end to find nothing.
 */
export function reachArms(table: string, parts: readonly ReachPart[]): Expression<SqlBool>[] {
  const unique = distinctParts(parts);
  return unique.map((part, i) => {
    const own = partIs(table, part);
    // An earlier part on the same column holds another value, so none of this part's rows is in it.
    const before = unique
      .slice(0, i)
      .filter(([c]) => c !== part[0])
      .map(([c, v]) => sql<SqlBool>`(${sql.ref(`${table}.${c}`)} is null or ${sql.ref(`${table}.${c}`)} <> ${v})`);
    return before.length === 0 ? own : sql<SqlBool>`${own} and ${sql.join(before, sql` and `)}`;
  });
}

/** A reach's parts as they are, overlapping: one equality each, on an index that continues with the list's order. */
export const reachParts = (table: string, parts: readonly ReachPart[]): Expression<SqlBool>[] =>
  distinctParts(parts).map((part) => partIs(table, part));

/**
 * A list's arms over a reach (a query with the list's filters, narrowed by each part): the disjoint ones that its
 * counts and whole-list reads use, and the overlapping ones its pages read (ListQuery.parts).
 */
export function reachList<T extends keyof Database>(
  table: T,
  q: SelectQueryBuilder<Database, T, object>,
  parts: readonly ReachPart[],
): Pick<ListQuery<T>, 'arms' | 'parts'> {
  return {
    arms: reachArms(table, parts).map((arm) => q.where(arm)),
    parts: reachParts(table, parts).map((part) => q.where(part)),
  };
}

/** The list with each of its arms (and of its overlapping parts) narrowed by one more condition. */
export function narrowList<T extends keyof Database>(
  list: ListQuery<T>,
  narrow: (q: SelectQueryBuilder<Database, T, object>) => SelectQueryBuilder<Database, T, object>,
): ListQuery<T> {
  return { ...list, arms: list.arms.map(narrow), ...(list.parts ? { parts: list.parts.map(narrow) } : {}) };
}

const flip = (direction: 'asc' | 'desc') => (direction === 'asc' ? 'desc' : 'asc');

/**
 * A list as the repositories describe it. `arms`: its disjoint parts (one, or one per reachArms condition), with
 * their filters and no selection. `parts`: the same rows as overlapping parts (reachList), when the list is a
 * reach of several: a page reads these and drops the duplicates in the merge. `matched`: a filter whose rows no
 * order index can deliver in order (a contains-search, an "or" over two tables) is active: its matched rows are
 * sorted (their count is read anyway), rather than an order index walked in the hope of meeting them early.
 */
export type ListQuery<T extends keyof Database> = {
  table: T;
  arms: readonly SelectQueryBuilder<Database, T, object>[];
  parts?: readonly SelectQueryBuilder<Database, T, object>[];
  order: ListOrder;
  matched: boolean;
  /**
   * The tables whose versions date a list's rows (list-counts.ts): when given, the keys of all a matched list's
   * matches are sorted once per data version and each page is a slice of them (cachedRows), instead of every match
   * being sorted for every page and every repeat of a search box's text; so are an overlapping reach's keys for its
   * deep pages.
   */
  keysOf?: readonly Versioned[];
};

/** Each arm's count: the parts are disjoint, so the list's reccount is their sum (see cachedCount). */
export const countQueries = <T extends keyof Database>(list: ListQuery<T>) =>
  list.arms.map((arm) => arm.select((eb) => eb.fn.countAll<number>().as('n')));

/** The reccount of a walk that reads a list page after page from its start and never needs its end. */
export const UNCOUNTED = Number.MAX_SAFE_INTEGER;

/**
 * From this many rows before a page, an overlapping reach's page is a slice of all its keys (pageRows): the first
 * five pages of 20 are still merged as far as the page, so page 1 never reads the whole reach.
 */
const DEEP_OFFSET = 100;

/** The column a list's rows are read by: its order's last, the row's key. */
const keyColumn = <T extends keyof Database>(list: ListQuery<T>) => list.order.at(-1)?.[0] ?? 'uuid';

/**
 * One page of a list, in its order, in two reads. First the page's keys: the order's columns, which its index
 * holds, so an OFFSET skips index entries only; the arms, as a UNION ALL in a derived table, are merged along their
 * indexes (SQLite's merge of ordered arms, PostgreSQL's Merge Append), with LIMIT/OFFSET on top. A reach's
 * overlapping parts are merged the same way with their duplicates dropped as they meet (SQLite: a compound UNION
 * ordered as a whole, MERGE (UNION); PostgreSQL: a row equal to the one before it in the Merge Append is dropped),
 * so each part is read only as far as the page, whoever owns what. A page in the second half is read walking the
 * order from the other end and turned round, so the pager's last page costs what its first does and the deepest
 * page is the middle one; a matched list's pages, and an overlapping reach's deep ones, are slices of all its keys,
 * read once per data version (ListQuery.keysOf). Then `rowsOf` reads those rows by primary key, with what they show
 * from other tables (labels, account stato), for the page's rows only; they come back in the keys' order.
 */
export async function pageRows<T extends keyof Database, R extends { uuid: string }>(
  db: DbOrTx,
  list: ListQuery<T>,
  win: PageWindow,
  reccount: number,
  rowsOf: (uuids: string[]) => Promise<R[]>,
): Promise<R[]> {
  const end = Math.min(win.offset + win.size, reccount);
  const overlapping = list.parts !== undefined && list.parts.length > 1;
  const arms = overlapping && list.parts ? list.parts : list.arms;
  if (arms.length === 0 || end <= win.offset) return [];
  const reverse = win.offset > reccount - end;
  const key = keyColumn(list);
  const limit = end - win.offset;
  const offset = reverse ? reccount - end : win.offset;
  // A deep page of an overlapping reach is a slice of its keys too: merging its parts and dropping their duplicates
  // as far as the page costs about a microsecond per row before it (the owning area manager's page 100: 2.7 ms of
  // CPU), where reading every key once per data version costs the whole reach once.
  const sliced = overlapping ? offset >= DEEP_OFFSET : list.matched;
  if (sliced && list.keysOf) {
    const all = compiledFor(db, list, 'all', () => keysQuery(db, list, arms, false, overlapping));
    const every = await cachedRows(db, list.keysOf, {
      compile: () => all,
      execute: async () => (await db.executeQuery(all)).rows,
    });
    return finish(every.slice(win.offset, win.offset + limit), false);
  }
  const page = compiledFor(db, list, `${reverse ? 'r' : 'f'}:${offset}:${limit}`, () =>
    keysQuery(db, list, arms, reverse, overlapping, { limit, offset }),
  );
  const found = (await db.executeQuery(page)).rows;
  return finish(found, reverse);

  async function finish(keyRows: readonly Record<string, unknown>[], reversed: boolean): Promise<R[]> {
    const uuids = (reversed ? [...keyRows].reverse() : keyRows).flatMap((k) => {
      const uuid = k[key];
      return typeof uuid === 'string' ? [uuid] : [];
    });
    if (uuids.length === 0) return [];
    const byUuid = new Map((await rowsOf(uuids)).map((r) => [r.uuid, r]));
    return uuids.flatMap((uuid) => byUuid.get(uuid) ?? []);
  }
}

/**
 * The query of a page's keys (pageRows), in the list's order or (`reverse`) walking it from the other end: `window`
 * is the page's LIMIT and OFFSET over the merged arms, or, for a list whose keys are sliced (ListQuery.keysOf),
 * absent: the keys of every row in the list's order.
 */
function keysQuery<T extends keyof Database>(
  db: DbOrTx,
  list: ListQuery<T>,
  arms: readonly SelectQueryBuilder<Database, T, object>[],
  reverse: boolean,
  overlapping: boolean,
  window?: { limit: number; offset: number },
): Compilable<Record<string, unknown>> {
  const order = list.order.map(
    ([column, direction, value]) =>
      [column, reverse ? flip(direction) : direction, value ?? sql.ref(`${list.table}.${column}`)] as const,
  );
  const key = keyColumn(list);
  const keys = arms.map((arm, i) => {
    const selected = arm.select(order.map(([column, , value]) => value.as(column)));
    if (arms.length === 1 || isSqlite(db) || !window) return selected;
    // PostgreSQL merges UNION ALL arms (Merge Append) only when each arm comes ordered out of a subquery of its
    // own: it does not see that an arm's equality (state = 'MI') leaves its index ordered by the columns after it.
    // No arm gives the page more rows than the page's end: that LIMIT also tells the planner so, which otherwise
    // drops the duplicates of a deep page by hashing and sorting every part whole.
    let ordered = selected;
    for (const [, direction, value] of order) ordered = ordered.orderBy(value, direction);
    return db.selectFrom(ordered.limit(window.offset + window.limit).as(`arm${i}`)).selectAll();
  }) as SelectQueryBuilder<Database, T, object>[];
  const [first, ...rest] = keys;
  if (!first) throw new Error('keysQuery: a list without arms');
  if (overlapping && isSqlite(db)) {
    // SQLite drops a compound UNION's duplicates in its merge only when the ORDER BY is the compound's own; over a
    // derived table it would read every part whole into a temporary index.
    let q = rest.reduce((all, arm) => all.union(arm), first);
    for (const [column, direction] of order) q = q.orderBy(sql.ref(column), direction);
    return window ? q.limit(window.limit).offset(window.offset) : q;
  }
  let union = rest.reduce((all, arm) => all.unionAll(arm), first);
  // A LIMIT keeps the matched rows a subquery of their own (neither engine flattens it), read through the filter's
  // index and then sorted.
  if (list.matched) union = union.limit(Number.MAX_SAFE_INTEGER);
  // All the key columns: SQLite merges the arms only when the outer ORDER BY names columns the outer query
  // returns.
  let q = db.selectFrom(union.as('list')).selectAll();
  if (overlapping) {
    // PostgreSQL: a row given by two parts comes twice in a row out of the Merge Append, so each row is compared
    // with the one before it (a window over the merged order). A DISTINCT would do the same as a Unique on a
    // shallow page, but past a few pages the planner turns it into hashing every part and sorting the result.
    const merged = sql.join(
      order.map(([column, direction]) => sql`${sql.ref(`list.${column}`)} ${sql.raw(direction)}`),
    );
    const marked = q.select(sql<string>`lag(${sql.ref(`list.${key}`)}) over (order by ${merged})`.as('previous'));
    q = db
      .selectFrom(marked.as('list'))
      .select(order.map(([column]) => sql.ref(`list.${column}`).as(column)))
      .where(sql<SqlBool>`${sql.ref('list.previous')} is distinct from ${sql.ref(`list.${key}`)}`);
  }
  for (const [column, direction] of order) q = q.orderBy(sql.ref(`list.${column}`), direction);
  return window ? q.limit(window.limit).offset(window.offset) : q;
}

/** What is kept of the queries derived from a remembered list (rememberedList): compiled once each. */
type ListMemo = {
  /** Its pages' keys queries by window (compiledFor). */
  pages: Map<string, CompiledQuery<Record<string, unknown>>>;
  /** Its count queries and their cache key (listCount). */
  counts?: { queries: readonly CountQuery[]; key: string };
};

/**
 * Where a remembered list keeps its memo: a property of its own that is not enumerable, so a list narrowed or
 * rebuilt from it (`{ ...list }`) is another object without one, and nothing compiled for one list is taken for
 * another's. (A WeakMap from list to memo cost more than the memo saved when lists were built and dropped at every
 * request: V8's weak tables are paid for at each garbage collection.)
 */
const MEMO = Symbol('list memo');
const memoOf = (list: object): ListMemo | undefined => (list as { [MEMO]?: ListMemo })[MEMO];
/**
 * The lists remembered per database handle. Few: a remembered list outlives the young generation's collections, so a
 * list asked for once costs more than one never remembered, the more so the more are kept (the admin's installer
 * list built for one request: 1.5 times the CPU of no memo with 256 kept, 1.35 times with 64;
 * docs/performance/lists.md).
 */
const MAX_LISTS = 64;
/** The windows of one list whose compiled keys query is kept (page 1, the last page, the pages a pager visits). */
const MAX_WINDOWS = 8;

/**
 * A repository's list built once per database handle and arguments, and the queries derived from it (its counts'
 * key, its pages' keys queries) compiled once: building and compiling a reach of six arms cost about as much CPU
 * as SQLite's reads of its page (docs/performance/lists.md). The count and the page of a request share one list, and
 * so do the requests of everyone who asks for the same list (the admins' list, a manager's list page after page).
 * `keyOf` returns everything `build` reads besides the handle (JSON), so one key is one list; builders are
 * immutable, so a list is safe to share. Inside a transaction a list is built afresh (its handle is the
 * transaction's).
 */
export function rememberedList<A extends readonly unknown[], T extends keyof Database>(
  build: (db: DbOrTx, ...args: A) => ListQuery<T>,
  keyOf: (...args: A) => unknown,
): (db: DbOrTx, ...args: A) => ListQuery<T> {
  const lists = new WeakMap<DbOrTx, Map<string, ListQuery<T>>>();
  return (db, ...args) => {
    if (db.isTransaction) return build(db, ...args);
    let remembered = lists.get(db);
    if (!remembered) lists.set(db, (remembered = new Map()));
    const key = JSON.stringify(keyOf(...args));
    const hit = remembered.get(key);
    if (hit) {
      // Put back as the newest: the lists asked for most are the last evicted.
      remember(remembered, key, hit, MAX_LISTS);
      return hit;
    }
    const made = build(db, ...args);
    Object.defineProperty(made, MEMO, { value: { pages: new Map() } satisfies ListMemo, enumerable: false });
    remember(remembered, key, made, MAX_LISTS);
    return made;
  };
}

/** A list's reccount (cachedCount over its arms' counts), its count queries compiled once when it is remembered. */
export function listCount<T extends keyof Database>(
  db: DbOrTx,
  tables: readonly Versioned[],
  list: ListQuery<T>,
): Promise<number> {
  const memo = memoOf(list);
  if (!memo) return cachedCount(db, tables, countQueries(list));
  if (!memo.counts) {
    const queries = countQueries(list);
    memo.counts = { queries, key: countKey(queries) };
  }
  return cachedCount(db, tables, memo.counts.queries, memo.counts.key);
}

/**
 * The keys query of one of a list's pages, `window` naming what decides its SQL and parameters besides the list:
 * compiled once per window while the list is remembered, else each time.
 */
function compiledFor<T extends keyof Database>(
  db: DbOrTx,
  list: ListQuery<T>,
  window: string,
  build: () => Compilable<Record<string, unknown>>,
): CompiledQuery<Record<string, unknown>> {
  const pages = memoOf(list)?.pages;
  if (!pages) return build().compile();
  const key = `${isSqlite(db) ? 'sqlite' : 'postgres'}:${window}`;
  const hit = pages.get(key);
  if (hit) return hit;
  // Only the SQL and its parameters are kept: the compiled query's operation tree is garbage at once.
  const { sql: text, parameters } = build().compile();
  const made = CompiledQuery.raw(text, [...parameters]) as CompiledQuery<Record<string, unknown>>;
  remember(pages, key, made, MAX_WINDOWS);
  return made;
}

/**
 * The first `limit` rows of a search box's name search (docs/decisions/0020), without sorting every match: first
 * the rows of `starting` (the list with a "starts with" condition on its order's first column: an index range per
 * arm, already in the order, merged), then, when they are fewer than `limit`, other rows of `containing` (the list
 * with its contains-filter) taken arm by arm with a LIMIT and no ORDER BY, so a 3-letter text matching thousands
 * of rows reads at most `limit` of them. The filling rows come in `fillOrder` after the starting ones.
 */
export async function startingThenContaining<T extends keyof Database, R extends { uuid: string }>(
  db: DbOrTx,
  lists: { starting: ListQuery<T>; containing: ListQuery<T> },
  limit: number,
  rowsOf: (uuids: string[]) => Promise<R[]>,
  fillOrder: (a: R, b: R) => number,
): Promise<R[]> {
  const first = await pageRows(db, lists.starting, { page: 1, pages: 1, size: limit, offset: 0 }, limit, rowsOf);
  const taken = first.map((r) => r.uuid);
  const uuid = sql.ref<string>(`${lists.containing.table}.uuid`);
  const more: string[] = [];
  for (const arm of lists.containing.arms) {
    const left = limit - taken.length - more.length;
    if (left <= 0) break;
    const not = [...taken, ...more];
    const found = (await arm
      .$if(not.length > 0, (q) => q.where(sql<SqlBool>`${uuid} not in (${sql.join(not)})`))
      .select(uuid.as('uuid'))
      .limit(left)
      .execute()) as unknown as { uuid: string }[];
    more.push(...found.map((r) => r.uuid));
  }
  if (more.length === 0) return first;
  return [...first, ...(await rowsOf(more)).sort(fillOrder)];
}
