import { sql, SqliteAdapter, type Expression, type SqlBool } from 'kysely';
import { withoutControlCharacters } from '@portal/shared/validation/control-characters';
import type { DbOrTx } from '../db/database.ts';

/**
 * Lower case, without accents, with single spaces: how sort keys and search text are stored (the `*_key` and
 * `*_search` columns) and how typed text is compared with them, the same on SQLite and PostgreSQL. Control
 * characters go (tabs and line breaks are spaces): a folded text is safe inside an FTS5 phrase, which a NUL would
 * end, and inside a PostgreSQL parameter, which cannot hold one.
 */
export function fold(text: string): string {
  return withoutControlCharacters(text)
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The search text of several values (a name both ways round, a company name): folded, one per line. */
export function searchText(...parts: string[]): string {
  return parts
    .map(fold)
    .filter((p) => p !== '')
    .join('\n');
}

/** Contains-search starts at 3 characters, the length a trigram index needs. */
export const CONTAINS_MIN = 3;

export type SearchTable = 'posatori' | 'partners' | 'capoarea' | 'rivenditori' | 'messages' | 'documents';

/**
 * A text filter of a list. `search`: a column holding searchText, with a trigram index (FTS5 table `{table}_fts` on
 * SQLite, pg_trgm GIN on PostgreSQL: migrations 2026-11-23-07 and 2026-11-25-17). `prefix`: sort-key columns, each
 * the first column of a b-tree index, that text shorter than CONTAINS_MIN is matched against; none for a filter
 * that only ever looks inside a range already cut by another index (a user's folder), where short text is a
 * contains-match read row by row.
 */
export type TextField = { table: SearchTable; search: string; prefix: readonly string[] };

export const isSqlite = (db: DbOrTx) => db.getExecutor().adapter instanceof SqliteAdapter;

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Rows whose sort-key column starts with the text (folded, not empty): the b-tree range of an index that begins
 * with the column, in the index's order, plus a LIKE that keeps exactly those that start with it, whatever the
 * collation.
 */
export function startsWith(table: SearchTable, column: string, needle: string): Expression<SqlBool> {
  const col = sql.ref(`${table}.${column}`);
  const last = needle.codePointAt(needle.length - 1) ?? 0;
  const upper = `${needle.slice(0, -1)}${String.fromCodePoint(last + 1)}`;
  return sql<SqlBool>`(${col} >= ${needle} and ${col} < ${upper} and ${col} like ${`${likeEscaped(needle)}%`} escape '\\')`;
}

/** LIKE '%text%' on the search column: what PostgreSQL's pg_trgm GIN index serves. */
const likeContains = (field: TextField, needle: string): Expression<SqlBool> =>
  sql<SqlBool>`${sql.ref(`${field.table}.${field.search}`)} like ${`%${likeEscaped(needle)}%`} escape '\\'`;

/**
 * Rows whose search text contains the typed text, checked row by row with LIKE, never through an index: for rows
 * already cut to a few by another index (a small folder, a step of a list's walk; docs/decisions/0020), where a
 * trigram lookup over the whole table would cost more than reading them. The `|| ''` makes it an expression no
 * index holds: given 250 messages by key and a word in 13,000 subjects, PostgreSQL otherwise intersects them with
 * the GIN index's matches (6 ms instead of 1.5).
 */
export function rowContains(field: TextField, typed: string): Expression<SqlBool> {
  return sql<SqlBool>`(${sql.ref(`${field.table}.${field.search}`)} || '') like ${`%${likeEscaped(fold(typed))}%`} escape '\\'`;
}

/**
 * The WHERE condition of a text filter (undefined when nothing was typed). From 3 characters: rows whose search
 * text contains it, through the trigram index. With 1 or 2 characters a trigram index cannot help, so the filter
 * means "starts with": rows whose prefix columns begin with it, an index range; every row shown still contains
 * what was typed. A field without prefix columns keeps "contains" for short text, unindexed.
 */
export function textFilter(db: DbOrTx, field: TextField, typed: string | undefined): Expression<SqlBool> | undefined {
  const needle = fold(typed ?? '');
  if (needle === '') return undefined;
  if (needle.length >= CONTAINS_MIN) return isSqlite(db) ? ftsMatch(field, needle) : likeContains(field, needle);
  if (field.prefix.length === 0) return rowContains(field, needle);
  const starts = field.prefix.map((name) => startsWith(field.table, name, needle));
  return starts.length === 1 ? starts[0] : sql<SqlBool>`(${sql.join(starts, sql` or `)})`;
}

/**
 * At most `max` rows whose search text contains the text (3 characters or more; undefined for shorter), through the
 * trigram index. On SQLite the limit goes inside the FTS5 lookup, which then stops after `max` matches instead of
 * listing every row of a common word first (13,374 subjects: 8.7 ms against 1 ms).
 */
export function containsUpTo(
  db: DbOrTx,
  field: TextField,
  typed: string,
  max: number,
): Expression<SqlBool> | undefined {
  const needle = fold(typed);
  if (needle.length < CONTAINS_MIN) return undefined;
  return isSqlite(db) ? ftsMatch(field, needle, max) : likeContains(field, needle);
}

/** The rows of an FTS5 trigram phrase (a substring); the user's quotes are doubled, everything else is literal. */
function ftsMatch(field: TextField, needle: string, max?: number): Expression<SqlBool> {
  const fts = sql.table(`${field.table}_fts`);
  const phrase = `${field.search} : "${needle.replace(/"/g, '""')}"`;
  const limit = max === undefined ? sql`` : sql` limit ${max}`;
  return sql<SqlBool>`${sql.raw(`${field.table}.rowid`)} in (select rowid from ${fts} where ${fts} match ${phrase}${limit})`;
}

/**
 * The global search's two ways (docs/decisions/0020). A word in at most FEW_MATCHES rows of a table is rare: its
 * matches, from the trigram index, are checked against what the searcher may see. Above it the word is common (on
 * the stress data 'listino' is in 13,374 of 200,000 subjects and 12,489 of 100,000 titles), and walking the
 * searcher's list newest first finds the first results within a few hundred entries; the walk reads at most
 * SEARCH_WALK entries, then the rare word's way answers after all.
 */
export const FEW_MATCHES = 1_000;
export const SEARCH_WALK = 2_000;

/**
 * A common word's search along a list's own order: `keysAt` gives the list's entries newest first (one index range,
 * a step at a time), `match` says which of a step contain the text (their rows read by primary key), and the walk
 * stops as soon as `limit` are found, so a word in thousands of rows costs the few hundred entries that hold the
 * first `limit`. `complete` is false when SEARCH_WALK entries held fewer: the answer is then the index's to give.
 */
export async function walkMatching<K extends { uuid: string }, R>(
  keysAt: (offset: number, size: number) => Promise<K[]>,
  limit: number,
  match: (uuids: string[]) => Promise<Map<string, R>>,
  step = 250,
): Promise<{ found: (K & R)[]; complete: boolean }> {
  const found: (K & R)[] = [];
  for (let offset = 0; offset < SEARCH_WALK; offset += step) {
    const keys = await keysAt(offset, step);
    const matched = keys.length === 0 ? new Map<string, R>() : await match(keys.map((k) => k.uuid));
    for (const k of keys) {
      const row = matched.get(k.uuid);
      if (row !== undefined && found.length < limit) found.push({ ...k, ...row });
    }
    if (found.length === limit || keys.length < step) return { found, complete: true };
  }
  return { found, complete: false };
}
