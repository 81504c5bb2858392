import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../src/db/connect.ts';
import type { Db } from '../../src/db/database.ts';

/**
 * PostgreSQL's statements (db/prepared-statements.ts): a text the portal sends again is parsed once per connection
 * and then only executed, each run still planned for its own values; a text sent once, or without parameters (a
 * migration's several statements), is left unprepared. PostgreSQL only: SQLite keeps its statements by text
 * (db/sqlite-file.ts).
 */
const url = process.env.TEST_DATABASE_URL;
let db: Db;
beforeAll(() => {
  if (url) db = connect({ kind: 'postgres', url }).db;
});
afterAll(async () => {
  if (url) await db.destroy();
});

type Prepared = { statement: string; custom_plans: number; generic_plans: number };
/** One connection's prepared statements whose text names `column`. */
const preparedNaming = async (tx: Db, column: string) =>
  (
    await sql<Prepared>`select statement, custom_plans, generic_plans from pg_prepared_statements`.execute(tx)
  ).rows.filter((r) => r.statement.includes(column));

describe.skipIf(!url)('prepared statements', () => {
  it('a text sent again is prepared once on its connection and planned at each run', async () => {
    await db.transaction().execute(async (tx) => {
      for (const n of [1, 2, 3, 4, 5, 6, 7]) {
        const { rows } = await sql<{ sent_again: number }>`select ${n}::int * 2 as sent_again`.execute(tx);
        expect(rows[0]?.sent_again).toBe(n * 2);
      }
      const prepared = await preparedNaming(tx, 'sent_again');
      // The first run was unnamed; the other six ran the one statement, each with a plan of its own.
      expect(prepared).toEqual([{ statement: expect.any(String), custom_plans: 6, generic_plans: 0 }]);
    });
  });

  it('a text sent once, or without parameters, is not prepared', async () => {
    await db.transaction().execute(async (tx) => {
      await sql`select ${1}::int as sent_once`.execute(tx);
      for (let i = 0; i < 3; i++) await sql`select 1 as without_parameters; select 2 as second_statement`.execute(tx);
      expect(await preparedNaming(tx, 'sent_once')).toEqual([]);
      expect(await preparedNaming(tx, 'without_parameters')).toEqual([]);
    });
  });
});
