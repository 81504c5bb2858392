import {
  DefaultQueryCompiler,
  DefaultQueryExecutor,
  type CompiledQuery,
  type QueryExecutor,
  type RootOperationNode,
  type QueryId,
} from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { rowsByKeys } from '../../src/lib/rows-by-keys.ts';
import { cookieOf, createTestContext, type TestContext } from '../helpers.ts';

/**
 * A list request's queries are built and compiled once per list and page window, not on every request: the page's
 * rows by a template compiled once per number of keys (rowsByKeys), the list and its count and keys queries
 * remembered per handle (rememberedList), and the reads every request makes (its session, the area manager's or the
 * reseller's provinces) by templates too: a list asked for again compiles nothing.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
afterEach(() => vi.restoreAllMocks());

/** The SQL of every query compiled while `run` runs. */
async function compiledWhile(run: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const compile = DefaultQueryCompiler.prototype.compileQuery;
  vi.spyOn(DefaultQueryCompiler.prototype, 'compileQuery').mockImplementation(function (
    this: DefaultQueryCompiler,
    node: RootOperationNode,
    queryId: QueryId,
  ): CompiledQuery {
    const compiled = compile.call(this, node, queryId);
    seen.push(compiled.sql);
    return compiled;
  });
  await run();
  vi.restoreAllMocks();
  return seen;
}

describe('a list asked for again', () => {
  const lists: [string, 'admin' | 'capoarea' | 'rivenditori', string][] = [
    ['/api/posatori?order=cognome&page=1&size=20', 'admin', '"posatori"'],
    ['/api/posatori?order=codice&page=2&size=5&stato=OK', 'admin', '"posatori"'],
    ['/api/posatori4ca?page=1&size=10', 'capoarea', '"posatori"'],
    ['/api/posatori4ri?page=1&size=10', 'rivenditori', '"posatori"'],
    ['/api/partner?page=1&size=10', 'capoarea', '"partners"'],
    ['/api/rivenditori?page=1&size=10', 'capoarea', '"rivenditori"'],
  ];
  for (const [url, role, table] of lists) {
    it(`${url} (${role}) compiles no query again`, async () => {
      const cookie = await cookieOf(ctx.app, role);
      const get = async () => {
        const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie } });
        expect(res.statusCode, res.body).toBe(200);
        return res.json<{ data: unknown[]; reccount: number }>();
      };
      const first = await compiledWhile(get);
      expect(first.filter((sql) => sql.includes(table)).length).toBeGreaterThan(0);
      let again: { data: unknown[]; reccount: number } | undefined;
      const second = await compiledWhile(async () => (again = await get()));
      expect(second).toEqual([]);
      expect(again?.data.length).toBeGreaterThan(0);
    });
  }

  it('still shows a change made since: the remembered queries are run again, not their answers', async () => {
    const cookie = await cookieOf(ctx.app, 'admin');
    const url = '/api/posatori?order=cognome&page=1&size=5';
    const before = (await ctx.app.inject({ method: 'GET', url, headers: { cookie } })).json<{
      data: { uuid: string; descri: string }[];
      reccount: number;
    }>();
    const first = before.data[0];
    if (!first) throw new Error('the demo network has installers');
    await ctx.db.updateTable('posatori').set({ name: 'Zaccaria' }).where('uuid', '=', first.uuid).execute();
    await ctx.db
      .deleteFrom('coupons')
      .where('posatore', '=', before.data[1]?.uuid ?? '')
      .execute();
    await ctx.db
      .deleteFrom('posatori')
      .where('uuid', '=', before.data[1]?.uuid ?? '')
      .execute();
    await ctx.db.updateTable('list_versions').set({ version: 999 }).where('name', '=', 'posatori').execute();
    const after = (await ctx.app.inject({ method: 'GET', url, headers: { cookie } })).json<typeof before>();
    expect(after.reccount).toBe(before.reccount - 1);
    expect(after.data[0]?.uuid).toBe(first.uuid);
    expect(after.data[0]?.descri).toContain('Zaccaria');
    expect(after.data.map((r) => r.uuid)).not.toContain(before.data[1]?.uuid);
  });
});

/** The SQL and parameters of every query the handles run while `run` runs. */
async function executedWhile(run: () => Promise<unknown>): Promise<{ sql: string; parameters: readonly unknown[] }[]> {
  const seen: { sql: string; parameters: readonly unknown[] }[] = [];
  const base = Object.getPrototypeOf(DefaultQueryExecutor.prototype) as QueryExecutor;
  const execute = base.executeQuery;
  vi.spyOn(base, 'executeQuery').mockImplementation(function (this: QueryExecutor, compiled, ...rest) {
    seen.push({ sql: compiled.sql, parameters: compiled.parameters });
    return execute.call(this, compiled, ...rest);
  });
  await run();
  vi.restoreAllMocks();
  return seen;
}

/**
 * SQLite prepares a statement again on each execution that binds its LIMIT or OFFSET, or a value it compares with a
 * literal while planning (docs/performance/lists.md, "Statements SQLite keeps"), which costs what preparing it
 * costs and leaves the statement cache nothing to save (a reach's page of keys: about 94 µs with the page bound,
 * 26 µs with it written in). So a list's statements bind only what the request brings: its session, its scope,
 * its filters and the page's keys.
 */
describe.runIf(!process.env.TEST_DATABASE_URL)('a list page on SQLite', () => {
  const pages: [string, 'admin' | 'capoarea' | 'rivenditori'][] = [
    ['/api/posatori?order=cognome&page=1&size=20', 'admin'],
    ['/api/posatori?order=cognome&page=2&size=5', 'admin'],
    ['/api/posatori4ca?page=1&size=10', 'capoarea'],
    ['/api/posatori4ri?page=1&size=10', 'rivenditori'],
  ];
  for (const [url, role] of pages) {
    it(`${url} (${role}) writes its LIMIT, OFFSET and constants into the SQL text`, async () => {
      const cookie = await cookieOf(ctx.app, role);
      const get = async () => {
        const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie } });
        expect(res.statusCode, res.body).toBe(200);
      };
      await get();
      const run = await executedWhile(get);
      expect(run.length).toBeGreaterThan(2);
      expect(run.filter((q) => /\b(limit|offset) \?/i.test(q.sql)).map((q) => q.sql)).toEqual([]);
      // The constants of the reads every page makes: the account state of a session, the combo of the labels.
      expect(run.filter((q) => q.parameters.some((p) => p === 'active' || p === 'qualifiche'))).toEqual([]);
    });
  }
});

describe('rowsByKeys', () => {
  const named = rowsByKeys((db, keys, { tipo }: { tipo: string }) =>
    db.selectFrom('posatori').select(['uuid', 'tipo']).where('tipo', '=', tipo).where('uuid', 'in', keys),
  );

  it('binds each call’s keys and values to the query compiled for their number', async () => {
    const all = await ctx.db.selectFrom('posatori').select(['uuid', 'tipo']).orderBy('uuid').execute();
    const tipo = all[0]?.tipo ?? '';
    const ofTipo = all.filter((p) => p.tipo === tipo).map((p) => p.uuid);
    const other = all.find((p) => p.tipo !== tipo);
    const keys = [...ofTipo.slice(0, 3), ...(other ? [other.uuid] : [])];
    const sorted = (rows: { uuid: string }[]) => rows.map((r) => r.uuid).sort();
    expect(sorted(await named(ctx.db, keys, { tipo }))).toEqual(ofTipo.slice(0, 3).sort());
    // The same number of keys: the same compiled query, with these keys and this value.
    const others = other ? await named(ctx.db, [other.uuid, ...ofTipo.slice(0, 3)], { tipo: other.tipo }) : [];
    expect(sorted(others)).toEqual(other ? [other.uuid] : []);
    expect(await named(ctx.db, [], { tipo })).toEqual([]);
    // Inside a transaction the rows are read on the transaction, which sees its own writes.
    await ctx.db
      .transaction()
      .execute(async (trx) => {
        const first = ofTipo[0] ?? '';
        await trx.updateTable('posatori').set({ tipo: 'ALTRO' }).where('uuid', '=', first).execute();
        expect(sorted(await named(trx, [first], { tipo: 'ALTRO' }))).toEqual([first]);
        throw new Error('rollback');
      })
      .catch((e: unknown) => {
        if (!(e instanceof Error) || e.message !== 'rollback') throw e;
      });
  });

  it('writes the query’s own constants into its SQL on SQLite, and still binds each call’s keys', async () => {
    const labelled = rowsByKeys((db, keys) =>
      db
        .selectFrom('posatori')
        .leftJoin('combos', (join) =>
          join.onRef('combos.value', '=', 'posatori.tipo').on('combos.combo', '=', 'qualifiche'),
        )
        .select(['posatori.uuid', 'combos.label'])
        .where('posatori.uuid', 'in', keys),
    );
    const [some] = await ctx.db.selectFrom('posatori').select('uuid').limit(1).execute();
    const run = await executedWhile(() => labelled(ctx.db, [some?.uuid ?? '']));
    if (process.env.TEST_DATABASE_URL) {
      // PostgreSQL plans an unnamed statement with its values each time anyway: the constant stays a parameter.
      expect(run.map((q) => q.parameters)).toEqual([['qualifiche', some?.uuid]]);
    } else {
      expect(run.map((q) => q.parameters)).toEqual([[some?.uuid]]);
      expect(run[0]?.sql).toContain("'qualifiche'");
    }
  });

  it('refuses a query that does not bind one of its values', async () => {
    const branching = rowsByKeys((db, keys, { tipo }: { tipo: string }) =>
      // A value read by the builder (here: compared) is not a parameter of the compiled query.
      db
        .selectFrom('posatori')
        .select('uuid')
        .$if(tipo === 'ESPERTO', (q) => q.where('tipo', '=', tipo))
        .where('uuid', 'in', keys),
    );
    await expect(branching(ctx.db, ['x'], { tipo: 'ESPERTO' })).rejects.toThrow(/does not bind/);
  });
});
