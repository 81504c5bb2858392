import { CompiledQuery, type Compilable } from 'kysely';
import type { DbOrTx } from '../db/database.ts';
import { isSqlite } from './text-search.ts';

/** A query's SQL compiled once, with where each of its parameters comes from: a key, a named value or a constant. */
type Template = { sql: string; parameters: readonly Slot[] };
type Slot = { key: number } | { value: string } | { constant: unknown };

// NUL never occurs in a key or in a value the portal binds, so a marker cannot be mistaken for one.
const keyMarker = (i: number) => `\u0000key${i}\u0000`;
const valueMarker = (name: string) => `\u0000value:${name}\u0000`;

/**
 * A read of rows by their keys (a list page's rows, `where uuid in (...)`), its query built and compiled once per
 * shape, the database's dialect and the number of keys, and then run with each call's keys and values bound to
 * the same SQL. Building and compiling such a query (a join, a dozen columns, 20 keys) cost about a quarter of
 * SQLite's read of its rows, on every page (docs/performance/lists.md). `build` places the keys and the named
 * values in the query and never reads them: it is called with markers in their place, and a value that is missing
 * from the compiled parameters (built into a branch, or into the SQL text) is refused when the shape is compiled.
 */
export function rowsByKeys<O, P extends Record<string, string> = Record<never, string>>(
  build: (db: DbOrTx, keys: readonly string[], values: P) => Compilable<O>,
): (db: DbOrTx, keys: readonly string[], ...values: Record<never, string> extends P ? [] : [P]) => Promise<O[]> {
  const templates = new Map<string, Template>();
  return async (db, keys, ...rest) => {
    const values = rest[0] ?? ({} as P);
    if (keys.length === 0) return [];
    const shape = `${isSqlite(db) ? 'sqlite' : 'postgres'}:${keys.length}`;
    let template = templates.get(shape);
    if (!template) {
      template = compileTemplate(db, keys.length, Object.keys(values), build);
      templates.set(shape, template);
    }
    const parameters = template.parameters.map((slot) =>
      'key' in slot ? keys[slot.key] : 'value' in slot ? values[slot.value] : slot.constant,
    );
    const { rows } = await db.executeQuery<O>(CompiledQuery.raw(template.sql, parameters) as CompiledQuery<O>);
    return rows;
  };
}

function compileTemplate<O, P extends Record<string, string>>(
  db: DbOrTx,
  count: number,
  names: readonly string[],
  build: (db: DbOrTx, keys: readonly string[], values: P) => Compilable<O>,
): Template {
  const keyMarkers = Array.from({ length: count }, (_, i) => keyMarker(i));
  const valueMarkers = Object.fromEntries(names.map((n) => [n, valueMarker(n)])) as P;
  const compiled = build(db, keyMarkers, valueMarkers).compile();
  const keyAt = new Map(keyMarkers.map((m, i) => [m, i]));
  const valueOf = new Map(names.map((n) => [valueMarker(n), n]));
  const parameters = compiled.parameters.map((p): Slot => {
    const key = typeof p === 'string' ? keyAt.get(p) : undefined;
    if (key !== undefined) return { key };
    const value = typeof p === 'string' ? valueOf.get(p) : undefined;
    return value !== undefined ? { value } : { constant: p };
  });
  const bound = new Set(compiled.parameters);
  const unbound = [...keyMarkers, ...valueOf.keys()].filter((m) => !bound.has(m));
  if (unbound.length > 0 || compiled.sql.includes('\u0000')) {
    throw new Error(`rowsByKeys: the query does not bind ${unbound.length} of its keys and values as parameters`);
  }
  return isSqlite(db) ? constantsInline(compiled.sql, parameters) : { sql: compiled.sql, parameters };
}

/**
 * On SQLite, the template's constants written into its SQL text rather than bound. SQLite (3.54) prepares a
 * statement again on every execution that binds a value it compares with a literal while planning (a join's
 * `combos.combo = ?`, a session's `users.stato = ?`; docs/performance/lists.md): about what preparing it
 * costs, each time, which the statement cache (db/sqlite-file.ts) is there to save. The constants are the query's
 * own (a label's combo, an account state), never a request's value; numbers and strings only, quoted as SQL quotes
 * them. Kysely writes each parameter as a bare `?` and no `?` inside a quoted identifier or string here.
 */
function constantsInline(text: string, slots: readonly Slot[]): Template {
  let index = 0;
  const kept: Slot[] = [];
  const sql = text.replace(/\?/g, (marker) => {
    const slot = slots[index++];
    if (!slot || !('constant' in slot)) {
      if (slot) kept.push(slot);
      return marker;
    }
    const literal = sqlLiteral(slot.constant);
    if (literal === undefined) kept.push(slot);
    return literal ?? marker;
  });
  if (index !== slots.length) throw new Error(`rowsByKeys: ${index} markers for ${slots.length} parameters`);
  return { sql, parameters: kept };
}

function sqlLiteral(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && !value.includes('\u0000')) return `'${value.replaceAll("'", "''")}'`;
  return undefined;
}
