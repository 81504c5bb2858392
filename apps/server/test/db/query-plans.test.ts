import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fold, isSqlite } from '../../src/lib/text-search.ts';
import * as folders from '../../src/modules/messages/message-folders.repository.ts';
import { createTestContext, type TestContext } from '../helpers.ts';
import { recording } from './captured-queries.ts';
import { big, cases, type Case } from './query-plan-cases.ts';

/**
 * The list pattern's guard rail (docs/decisions/0007-list-pattern.md): every list's default order and each of its
 * filters is read through an index, never by scanning the table, and in the index's order, never through a sort.
 * The plans are those of the real repository queries (count and page), captured as they run and explained:
 * EXPLAIN QUERY PLAN on SQLite, EXPLAIN (FORMAT JSON) on PostgreSQL.
 *
 * PostgreSQL prefers a sequential scan and a sort for tables as small as the test's, whatever the indexes, so its
 * plans are taken with enable_seqscan, enable_sort and enable_incremental_sort off (SET LOCAL, this transaction
 * only): the planner then still scans or sorts only when no index can serve the query, which is exactly what this
 * test must catch. Incremental sort too, because the test files share one database: while another file's
 * transaction is open, a vacuum cannot mark this file's freshly written rows visible to all, the planner prices an
 * index-only scan by the heap visits it would need, and it may prefer sorting within each province of a shorter
 * index. The choice at full size is the bench's to show (npm run bench).
 *
 * The lists, orders and filters are the lines of `cases` (query-plan-cases.ts).
 */

type Problem = string;

/** SQLite: "SCAN t" reads the table, "SCAN t USING ... INDEX" walks an index whole, "USE TEMP B-TREE" sorts. */
function sqliteProblems(plan: string[], c: Case): Problem[] {
  const problems: Problem[] = [];
  for (const line of plan) {
    const scan = /^SCAN (\w+)(?: AS \w+)?(.*)$/.exec(line);
    if (scan && c.tables.includes(scan[1] ?? '')) {
      const viaIndex = /USING (COVERING )?INDEX/.test(scan[2] ?? '');
      if (!viaIndex) problems.push(`full scan: ${line}`);
      else if (!c.walks) problems.push(`index walked whole, not searched: ${line}`);
    }
    if (/USE TEMP B-TREE/.test(line) && c.sorts !== 'matches') problems.push(`sort: ${line}`);
  }
  return problems;
}

type PgNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Cond'?: string;
  'Index Name'?: string;
  Plans?: PgNode[];
};

/** PostgreSQL: a Seq Scan reads the table, an index scan without Index Cond walks it whole, a Sort sorts. */
/** The indexes a PostgreSQL plan reads. */
const pgIndexes = (node: PgNode): string[] => [
  ...(node['Index Name'] ? [node['Index Name']] : []),
  ...(node.Plans ?? []).flatMap(pgIndexes),
];

function pgProblems(node: PgNode, c: Case, problems: Problem[] = []): Problem[] {
  const type = node['Node Type'];
  const relation = node['Relation Name'] ?? '';
  if (c.tables.includes(relation)) {
    if (type === 'Seq Scan') problems.push(`full scan: Seq Scan on ${relation}`);
    if ((type === 'Index Scan' || type === 'Index Only Scan') && !node['Index Cond'] && !c.walks) {
      problems.push(`index walked whole, not searched: ${type} on ${relation}`);
    }
  }
  if ((type === 'Sort' || type === 'Incremental Sort') && c.sorts !== 'matches') problems.push(`sort: ${type}`);
  for (const child of node.Plans ?? []) pgProblems(child, c, problems);
  return problems;
}

let ctx: TestContext;
/** A reader and a sender whose folders hold more than folders.SMALL_FOLDER messages. */
beforeAll(async () => {
  ctx = await createTestContext();
  const users = await ctx.db
    .selectFrom('users')
    .select(['uuid', 'username'])
    .where('username', 'in', ['admin', 'capoarea'])
    .execute();
  big.reader = users.find((u) => u.username === 'admin')?.uuid ?? '';
  big.sender = users.find((u) => u.username === 'capoarea')?.uuid ?? '';
  const rows = Array.from({ length: folders.SMALL_FOLDER + 1 }, (_, i) => {
    const at = new Date(Date.UTC(2025, 0, 1) + i * 3_600_000).toISOString();
    const oggetto = i % 10 === 0 ? `Catalogo ${i}` : `Ordine ${i}`;
    return { uuid: `00000000-0000-4000-9000-${String(i).padStart(12, '0')}`, oggetto, at };
  });
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    await ctx.db
      .insertInto('messages')
      .values(
        chunk.map((m) => ({
          uuid: m.uuid,
          sender_uuid: big.sender,
          oggetto: m.oggetto,
          oggetto_key: fold(m.oggetto),
          content: '',
          dest: '',
          dests: '[]',
          created_at: m.at,
          updated_at: m.at,
        })),
      )
      .execute();
    await ctx.db
      .insertInto('message_recipients')
      .values(chunk.map((m) => ({ message_uuid: m.uuid, user_uuid: big.reader, read_at: null, created_at: m.at })))
      .execute();
  }
});
afterAll(() => ctx.close());

describe('list query plans: an index for every order and filter, no full scan, no sort', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const problems = await ctx.db.transaction().execute(async (tx) => {
      const sqlite = isSqlite(tx);
      if (!sqlite) {
        await sql`set local enable_seqscan = off`.execute(tx);
        await sql`set local enable_sort = off`.execute(tx);
        await sql`set local enable_incremental_sort = off`.execute(tx);
      }
      const queries: CompiledQuery[] = [];
      await c.run(recording(tx, queries));
      const found: Problem[] = [];
      const read = new Set<string>();
      for (const query of queries) {
        if (!/^select/i.test(query.sql)) continue;
        if (sqlite) {
          const { rows } = await tx.executeQuery<{ detail: string }>(
            CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
          );
          found.push(
            ...sqliteProblems(
              rows.map((r) => r.detail),
              c,
            ).map((p) => `${p}\n    in ${query.sql}`),
          );
          for (const r of rows) for (const [, index] of r.detail.matchAll(/INDEX (\w+)/g)) read.add(index ?? '');
        } else {
          const { rows } = await tx.executeQuery<{ 'QUERY PLAN': [{ Plan: PgNode }] }>(
            CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]),
          );
          const plan = rows[0]?.['QUERY PLAN'][0].Plan;
          if (plan) found.push(...pgProblems(plan, c).map((p) => `${p}\n    in ${query.sql}`));
          if (plan) for (const index of pgIndexes(plan)) read.add(index);
        }
      }
      if (c.uses && !read.has(c.uses)) found.push(`${c.uses} not read (read: ${[...read].join(', ')})`);
      return found;
    });
    expect(problems).toEqual([]);
  });
});
