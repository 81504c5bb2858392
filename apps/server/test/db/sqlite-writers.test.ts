import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { connect } from '../../src/db/connect.ts';

/**
 * Two processes writing one SQLite file, as WEB_CONCURRENCY workers do: a transaction that has read and then writes
 * must not be refused because the other process committed in between (with a deferred 'begin' it was: SQLITE_BUSY,
 * and one of two installers deleted at once stayed). SQLite only: PostgreSQL has no such lock.
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-writers-'));
const file = path.join(dir, 'portal.db');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const connectModule = new URL('../../src/db/connect.ts', import.meta.url).href;

/** A second process that writes one row in a transaction of its own, through the same connect(). */
function otherProcessWrites(): Promise<number | null> {
  const script = `
    import { sql } from 'kysely';
    const { connect } = await import(${JSON.stringify(connectModule)});
    const { db } = connect({ kind: 'sqlite', file: ${JSON.stringify(file)} });
    await db.transaction().execute((tx) => sql\`insert into t (who) values ('b')\`.execute(tx));
    await db.destroy();
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: 'ignore' });
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

it.skipIf(process.env.TEST_DATABASE_URL)(
  'a transaction that read keeps its write when another process writes meanwhile',
  async () => {
    const { db } = connect({ kind: 'sqlite', file });
    await sql`create table t (id integer primary key, who text not null)`.execute(db);
    let other: Promise<number | null> | undefined;
    await db.transaction().execute(async (tx) => {
      await sql`select count(*) from t`.execute(tx);
      other = otherProcessWrites();
      // Give the other process the time to start and commit, if the lock lets it.
      await Promise.race([other, new Promise((resolve) => setTimeout(resolve, 1_500))]);
      await sql`insert into t (who) values ('a')`.execute(tx);
    });
    expect(await other).toBe(0);
    const rows = await sql<{ who: string }>`select who from t order by id`.execute(db);
    expect(rows.rows.map((r) => r.who)).toEqual(['a', 'b']);
    await db.destroy();
  },
  20_000,
);
