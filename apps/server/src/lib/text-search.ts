import { sql, SqliteAdapter, type Expression, type SqlBool } from 'kysely';
import type { DbOrTx } from '../db/database.ts';

/**
 * Lower case, without accents, with single spaces: how sort keys and search text are stored (the `*_key` and
 * `*_search` columns) and how typed text is compared with them, the same on SQLite and PostgreSQL.
 */
export function fold(text: string): string {
  return text
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

/** Contains-search starts at 3 characters (spec section 5), the length a trigram index needs. */
export const CONTAINS_MIN = 3;

export type SearchTable = 'posatori' | 'partners' | 'capoarea' | 'rivenditori';

/**
 * A text filter of a list. `search`: a column holding searchText, with a trigram index (FTS5 table
 * `{table}_fts` on SQLite, pg_trgm GIN on PostgreSQL: migration 2026-11-23-07). `prefix`: sort-key columns, each the
 * first column of a b-tree index, that text shorter than CONTAINS_MIN is matched against.
 */
export type TextField = { table: SearchTable; search: string; prefix: readonly string[] };

export const isSqlite = (db: DbOrTx) => db.getExecutor().adapter instanceof SqliteAdapter;

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A LIKE pattern (used with `escape '\\'`) for values that contain the typed text, folded, without an index: for
 * filters that look only inside a range already cut by an index (a user's folder, the newest documents).
 */
export const containsPattern = (typed: string) => `%${likeEscaped(fold(typed))}%`;

/**
 * The WHERE condition of a text filter (undefined when nothing was typed). From 3 characters: rows whose search
 * text contains it, through the trigram index. With 1 or 2 characters a trigram index cannot help, so the filter
 * means "starts with": rows whose prefix columns begin with it, an index range; every row shown still contains
 * what was typed.
 */
export function textFilter(db: DbOrTx, field: TextField, typed: string | undefined): Expression<SqlBool> | undefined {
  const needle = fold(typed ?? '');
  if (needle === '') return undefined;
  const col = (name: string) => sql.ref(`${field.table}.${name}`);
  if (needle.length >= CONTAINS_MIN) {
    if (isSqlite(db)) {
      // An FTS5 phrase of trigrams matches a substring; the user's quotes are doubled, everything else is literal.
      const fts = sql.table(`${field.table}_fts`);
      const phrase = `${field.search} : "${needle.replace(/"/g, '""')}"`;
      return sql<SqlBool>`${sql.raw(`${field.table}.rowid`)} in (select rowid from ${fts} where ${fts} match ${phrase})`;
    }
    return sql<SqlBool>`${col(field.search)} like ${`%${likeEscaped(needle)}%`} escape '\\'`;
  }
  // The range finds the rows in the index; LIKE keeps exactly those that start with the text, whatever the collation.
  const last = needle.codePointAt(needle.length - 1) ?? 0;
  const upper = `${needle.slice(0, -1)}${String.fromCodePoint(last + 1)}`;
  const starts = field.prefix.map(
    (name) =>
      sql<SqlBool>`(${col(name)} >= ${needle} and ${col(name)} < ${upper} and ${col(name)} like ${`${likeEscaped(needle)}%`} escape '\\')`,
  );
  return starts.length === 1 ? starts[0] : sql<SqlBool>`(${sql.join(starts, sql` or `)})`;
}
