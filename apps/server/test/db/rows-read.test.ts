import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../src/db/database.ts';
import {
  seedStressAdmin,
  seedStressCapoarea,
  seedStressPosatori,
  seedStressRivenditori,
} from '../../src/db/seed/stress-network.ts';
import { seedStressPartners } from '../../src/db/seed/stress-activity.ts';
import type { StressNetwork } from '../../src/db/seed/stress-generator.ts';
import { fold, isSqlite } from '../../src/lib/text-search.ts';
import * as partners from '../../src/modules/partners/partners.repository.ts';
import * as posatori from '../../src/modules/posatori/posatori.repository.ts';
import * as publicPosatori from '../../src/modules/public-posatori/public-posatori.repository.ts';
import * as rivenditori from '../../src/modules/rivenditori/rivenditori.repository.ts';
import { createTestContext, type TestContext } from '../helpers.ts';
import { recording } from './captured-queries.ts';

/**
 * What a list page reads, counted by the engine, over data shaped like the network: an area manager who owns every
 * installer, reseller and partner of his five provinces, a reseller holding most installers of his. The query-plan
 * test sees the plan, not how far it runs: an arm that skips the rows another arm has already given walks its
 * province to the end when the manager owns it, with the intended plan.
 *
 * PostgreSQL: EXPLAIN (ANALYZE) of each query of the page, the rows its scans return plus those their filters
 * drop, with enable_seqscan off as in the query-plan test (the test's tables are small enough for the planner to
 * prefer a scan of a whole table, which says nothing of the network's size). SQLite has no per-statement counter
 * in better-sqlite3 (no sqlite3_stmt_status, and its build omits the progress handler and the sqlite_stmt table),
 * so it counts the database pages the statement reads from the file: each query runs on a connection of its own,
 * memory map off and page cache emptied, and the process's read calls (/proc/self/io, one per page) are counted
 * around it. A page of n rows over k parts of a reach reads each part's index about as far as the page
 * (k * (n + 1) entries on PostgreSQL, a few pages per part on SQLite) and the n rows.
 */

const PAGE = 10;
/** How many provinces the seed gives its owning area manager and its big reseller. */
const OWNER_PROVS = 5;
const BIG_RESELLER_PROVS = 5;
const win = { page: 1, pages: 1, size: PAGE, offset: 0 };

type PgNode = {
  'Node Type': string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PgNode[];
};

/** The rows a plan's scans read: those they return and those their filters drop, on every loop. */
const rowsScanned = (node: PgNode): number =>
  (/Scan$/.test(node['Node Type'])
    ? ((node['Actual Rows'] ?? 0) +
        (node['Rows Removed by Filter'] ?? 0) +
        (node['Rows Removed by Index Recheck'] ?? 0)) *
      (node['Actual Loops'] ?? 1)
    : 0) + (node.Plans ?? []).reduce((n, child) => n + rowsScanned(child), 0);

const readCalls = () => Number(/syscr:\s*(\d+)/.exec(fs.readFileSync('/proc/self/io', 'utf8'))?.[1] ?? NaN);

let ctx: TestContext;
let sqliteFile: Database.Database | undefined;
const scopes = {
  owner: { uuid: '', provs: [] as string[] },
  /** The seed's first manager, whose provinces' installers are shared among their managers: parts overlap. */
  sharing: { uuid: '', provs: [] as string[] },
  bigReseller: { uuid: '', area: [] as string[] },
};
/** The three letters most of the seeded installers' names contain: a search box's text that matches thousands. */
let common = '';
let installers = 0;

/** What the queries of one list page read: SQLite pages, or PostgreSQL rows. */
async function reads(
  run: (db: DbOrTx) => Promise<unknown[]>,
  { warm = false } = {},
): Promise<{ read: number; returned: number }> {
  const queries: CompiledQuery[] = [];
  const db = recording(ctx.db, queries);
  // Counts are cached per database handle and data version (list-counts.ts): a warm run measures the page alone.
  if (warm) {
    await run(db);
    queries.length = 0;
  }
  const rows = await run(db);
  let read = 0;
  for (const query of queries) {
    if (!/^select/i.test(query.sql)) continue;
    if (sqliteFile) {
      sqliteFile.pragma('shrink_memory');
      const stmt = sqliteFile.prepare(query.sql);
      const before = readCalls();
      stmt.all(...(query.parameters as unknown[]));
      read += readCalls() - before;
    } else {
      const { rows: plan } = await ctx.db.transaction().execute(async (tx) => {
        await sql`set local enable_seqscan = off`.execute(tx);
        return tx.executeQuery<{ 'QUERY PLAN': [{ Plan: PgNode }] }>(
          CompiledQuery.raw(`explain (analyze, format json) ${query.sql}`, [...query.parameters]),
        );
      });
      const root = plan[0]?.['QUERY PLAN'][0].Plan;
      if (root) read += rowsScanned(root);
    }
  }
  return { read, returned: rows.length };
}

/** The most a page of `returned` rows over `parts` parts of a reach may read (see the file's comment). */
const allowed = (parts: number, returned: number) =>
  sqliteFile ? 4 * (parts + returned) : 2 * parts * (PAGE + 1) + 3 * returned;

// Seeding a few thousand rows takes seconds, more on a busy PostgreSQL.
beforeAll(async () => {
  ctx = await createTestContext({ seed: false });
  const net: StressNetwork = { passwordHash: 'x', capoarea: [], rivenditori: [], posatori: [], couponTypes: [] };
  const seed = 20261123;
  await seedStressAdmin(ctx.db, net, seed);
  await seedStressCapoarea(ctx.db, net, 12, seed + 1);
  await seedStressRivenditori(ctx.db, net, 300, seed + 2);
  await seedStressPosatori(ctx.db, net, 3_000, seed + 3);
  await seedStressPartners(ctx.db, net, 2_000, seed + 5);
  // The seed's owning area manager and big reseller (stress-network.ts).
  const owner = net.capoarea[1];
  const big = net.rivenditori[1];
  if (!owner?.owns || !big?.big) throw new Error('the stress seed no longer has its owning manager and big reseller');
  expect([owner.provs.length, big.provs.length]).toEqual([OWNER_PROVS, BIG_RESELLER_PROVS]);
  scopes.owner = { uuid: owner.uuid, provs: owner.provs };
  scopes.sharing = { uuid: net.capoarea[0]?.uuid ?? '', provs: net.capoarea[0]?.provs ?? [] };
  scopes.bigReseller = { uuid: big.uuid, area: big.provs };
  const names = await ctx.db.selectFrom('posatori').select('name_search').execute();
  installers = names.length;
  const rowsWith = new Map<string, number>();
  for (const { name_search } of names) {
    const trigrams = new Set<string>();
    for (let i = 0; i + 3 <= name_search.length; i++) trigrams.add(name_search.slice(i, i + 3));
    for (const t of trigrams) if (/^\p{L}{3}$/u.test(t)) rowsWith.set(t, (rowsWith.get(t) ?? 0) + 1);
  }
  common = [...rowsWith].reduce((best, t) => (t[1] > best[1] ? t : best), ['', 0])[0];
  // PostgreSQL: the tables as autovacuum leaves them after a load (statistics and visibility map), which the
  // planner's choices at full size depend on.
  if (!isSqlite(ctx.db))
    for (const t of ['posatori', 'partners', 'rivenditori']) await sql`vacuum analyze ${sql.table(t)}`.execute(ctx.db);
  if (isSqlite(ctx.db)) {
    sqliteFile = new Database(path.join(ctx.config.dataDir, 'portal.db'), { readonly: true });
    sqliteFile.pragma('mmap_size = 0');
  }
}, 300_000);
afterAll(async () => {
  sqliteFile?.close();
  await ctx.close();
});

/** A list page (run) and its count, taken apart so that only the page's own queries are measured. */
type Line = {
  name: string;
  parts: number;
  count(db: DbOrTx): Promise<number>;
  run(db: DbOrTx, reccount: number): Promise<unknown[]>;
};

const ownerScope = () => ({ all: false as const, capoarea: scopes.owner });
const bigResellerScope = () => ({ all: false as const, rivenditore: scopes.bigReseller });

const lines: Line[] = [
  {
    name: 'installers of the area manager who owns his provinces',
    parts: 1 + OWNER_PROVS,
    count: (db) => posatori.countPosatori(db, ownerScope(), {}),
    run: (db, n) => posatori.listPosatori(db, ownerScope(), {}, 'cognome', win, n),
  },
  {
    name: 'installers of the big reseller',
    parts: 1,
    count: (db) => posatori.countPosatori(db, { all: false, rivenditore: scopes.bigReseller.uuid }, {}),
    run: (db, n) =>
      posatori.listPosatori(db, { all: false, rivenditore: scopes.bigReseller.uuid }, {}, 'cognome', win, n),
  },
  {
    name: 'partners of the area manager who owns his provinces',
    parts: 1 + OWNER_PROVS,
    count: (db) => partners.countPartners(db, ownerScope(), {}),
    run: (db, n) => partners.listPartners(db, ownerScope(), {}, win, n),
  },
  {
    name: 'partners of the big reseller',
    parts: 1 + BIG_RESELLER_PROVS,
    count: (db) => partners.countPartners(db, bigResellerScope(), {}),
    run: (db, n) => partners.listPartners(db, bigResellerScope(), {}, win, n),
  },
  {
    // The page's rows by key: with the published condition in their WHERE, SQLite read every published entry.
    name: 'installers of the public locator',
    parts: 1,
    count: (db) => publicPosatori.countPublished(db, {}),
    run: (db, n) => publicPosatori.listPublished(db, {}, win, n),
  },
  {
    name: 'resellers of the area manager who owns his provinces',
    parts: 1 + OWNER_PROVS,
    count: (db) => rivenditori.countRivenditori(db, ownerScope(), {}),
    run: (db, n) => rivenditori.listRivenditori(db, ownerScope(), {}, win, n),
  },
];

describe("a search for common text reads about a page's share of the order, not every match", () => {
  it('the admin searching installers by name', async () => {
    const reccount = await posatori.countPosatori(ctx.db, { all: true }, { name: common });
    // The text is common (as "ros", in 7 % of the network): a page of its matches lies a few dozen rows along the order.
    expect(reccount).toBeGreaterThan(installers / 10);
    const { read, returned } = await reads(
      (db) => posatori.listPosatori(db, { all: true }, { name: common }, 'cognome', win, reccount),
      { warm: true },
    );
    expect(returned).toBe(PAGE);
    const along = Math.ceil((PAGE * installers) / reccount);
    expect(read).toBeLessThanOrEqual(2 * along + allowed(1, returned));
  });
});

describe('a list page reads about what it returns, whoever owns what', () => {
  it.each(lines.map((l) => [l.name, l] as const))('%s', async (_name, line) => {
    const reccount = await line.count(ctx.db);
    const { read, returned } = await reads((db) => line.run(db, reccount));
    expect(returned).toBe(PAGE);
    expect(read).toBeLessThanOrEqual(allowed(line.parts, returned));
  });
});

/** The deepest page of a list read from its start (a later one is read from the other end): the middle one. */
const middlePage = (reccount: number) => {
  const offset = Math.floor((reccount - PAGE) / 2 / PAGE) * PAGE;
  return { page: offset / PAGE + 1, pages: 0, size: PAGE, offset };
};

describe('a deep page of an overlapping reach, asked again, reads about what it returns, not the rows before it', () => {
  it('the installers of the area manager who owns his provinces, in the middle of the list', async () => {
    const reccount = await posatori.countPosatori(ctx.db, ownerScope(), {});
    const deep = middlePage(reccount);
    expect(deep.offset).toBeGreaterThanOrEqual(10 * PAGE);
    const { read, returned } = await reads(
      (db) => posatori.listPosatori(db, ownerScope(), {}, 'cognome', deep, reccount),
      { warm: true },
    );
    expect(returned).toBe(PAGE);
    expect(read).toBeLessThanOrEqual(allowed(1 + OWNER_PROVS, returned));
  });
});

describe('the pages of an overlapping reach', () => {
  it.each([
    ['owning', () => scopes.owner],
    ['sharing', () => scopes.sharing],
  ] as const)('give every installer of the %s manager once, in order', async (_name, capoarea) => {
    const scope = { all: false as const, capoarea: capoarea() };
    const reccount = await posatori.countPosatori(ctx.db, scope, {});
    const seen: { uuid: string; key: string }[] = [];
    // Pages of 10: the middle ones are deep enough to be slices of the reach's keys (paging.ts).
    for (let page = 1; (page - 1) * PAGE < reccount; page++) {
      const rows = await posatori.listPosatori(
        ctx.db,
        scope,
        {},
        'cognome',
        { page, pages: 0, size: PAGE, offset: (page - 1) * PAGE },
        reccount,
      );
      seen.push(...rows.map((r) => ({ uuid: r.uuid, key: `${fold(r.lastname)}\u0000${fold(r.name)}\u0000${r.uuid}` })));
    }
    const own = await ctx.db
      .selectFrom('posatori')
      .select('uuid')
      .where((eb) => eb.or([eb('capoarea', '=', scope.capoarea.uuid), eb('state', 'in', scope.capoarea.provs)]))
      .execute();
    expect(reccount).toBe(own.length);
    expect(new Set(seen.map((r) => r.uuid))).toEqual(new Set(own.map((r) => r.uuid)));
    expect(seen).toHaveLength(own.length);
    expect(seen.map((r) => r.key)).toEqual(seen.map((r) => r.key).sort());
  });
});

describe("an overlapping reach's deep page, once read", () => {
  it('shows an installer that has moved in the order since', async () => {
    const scope = ownerScope();
    const reccount = await posatori.countPosatori(ctx.db, scope, {});
    const deep = middlePage(reccount);
    const before = await posatori.listPosatori(ctx.db, scope, {}, 'cognome', deep, reccount);
    const moved = before[0];
    if (!moved) throw new Error('the deep page is empty');
    const row = await ctx.db
      .selectFrom('posatori')
      .select('lastname_key')
      .where('uuid', '=', moved.uuid)
      .executeTakeFirstOrThrow();
    // To the end of the order: the page the installer was on no longer holds them.
    await ctx.db.updateTable('posatori').set({ lastname_key: 'zzzz' }).where('uuid', '=', moved.uuid).execute();
    try {
      const after = await posatori.listPosatori(ctx.db, scope, {}, 'cognome', deep, reccount);
      expect(after.map((r) => r.uuid)).not.toContain(moved.uuid);
      expect(after.map((r) => r.uuid).slice(0, PAGE - 1)).toEqual(before.map((r) => r.uuid).slice(1));
    } finally {
      await ctx.db
        .updateTable('posatori')
        .set({ lastname_key: row.lastname_key })
        .where('uuid', '=', moved.uuid)
        .execute();
    }
  });
});

describe('the pages of a search for common text', () => {
  it.each(['cognome', 'codice', 'recenti'] as const)(
    'give every match once, in the %s order, walked or sorted',
    async (order) => {
      const f = { name: common };
      const reccount = await posatori.countPosatori(ctx.db, { all: true }, f);
      const seen: string[] = [];
      for (let page = 1; (page - 1) * 50 < reccount; page++) {
        const win = { page, pages: 0, size: 50, offset: (page - 1) * 50 };
        const rows = await posatori.listPosatori(ctx.db, { all: true }, f, order, win, reccount);
        seen.push(...rows.map((r) => r.uuid));
      }
      const columns = { cognome: ['lastname_key', 'name_key'], codice: ['code_key'], recenti: ['created_at'] } as const;
      let all = ctx.db.selectFrom('posatori').select('uuid').where('name_search', 'like', `%${common}%`);
      for (const c of columns[order]) all = all.orderBy(c, order === 'recenti' ? 'desc' : 'asc');
      const expected = (await all.orderBy('uuid').execute()).map((r) => r.uuid);
      expect(reccount).toBe(expected.length);
      expect(seen).toEqual(expected);
    },
  );
});
