/**
 * Whether a write failed on a unique index, on either engine: SQLite names the column ('UNIQUE constraint failed:
 * posatori.code'), PostgreSQL the index (23505, posatori_code_unique). The services check first and answer in
 * Italian; this turns the rare race between two saves into the same answer instead of a 500.
 */
export function isUniqueViolation(err: unknown, sqliteColumn: string, pgIndex: string): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: unknown; message?: unknown; constraint?: unknown };
  if (e.code === '23505') return e.constraint === pgIndex;
  return (
    typeof e.code === 'string' &&
    e.code.startsWith('SQLITE_CONSTRAINT') &&
    typeof e.message === 'string' &&
    e.message.includes(sqliteColumn)
  );
}
