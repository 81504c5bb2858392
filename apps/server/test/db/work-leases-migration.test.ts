import { afterAll, beforeAll, expect, it } from 'vitest';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { startServer } from '../../../../bench/http.ts';
import type { MassActivationsTable } from '../../src/modules/mass-activation/mass-activation.table.ts';
import { createTestContext, type TestContext } from '../helpers.ts';
import { serverEnv } from '../modules/imports/server-processes.ts';

/**
 * Two server processes started together on a database one migration behind: both start, and the migration ran
 * once (a second run would fail on the columns the first added). The migration closes a press the earlier code
 * left unfinished, instead of resuming it long after it was pressed.
 */

type OldRuns = { mass_activations: Omit<MassActivationsTable, 'lease_owner' | 'lease_until' | 'cursor'> };

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ seed: false, migrateUpTo: '2026-11-26-21-outbox-read-state' });
});
afterAll(() => ctx.close());

it('instances starting together migrate once, and an old unfinished press is closed', async () => {
  const counts = { candidati: 3, accodati: 1, senza_email: 0, email_non_valida: 0, email_condivisa: 0, link_validi: 0 };
  await (ctx.db as unknown as Kysely<OldRuns>)
    .insertInto('mass_activations')
    .values([
      { uuid: 'vecchia', started_by: 'admin', started_at: '2026-11-25T10:00:00.000Z', finished_at: '', ...counts },
      {
        uuid: 'finita',
        started_by: 'admin',
        started_at: '2026-11-24T10:00:00.000Z',
        finished_at: '2026-11-24T10:05:00.000Z',
        ...counts,
      },
    ])
    .execute();
  // SQLite: a write lock held while both start lines them up at the migration, as instances started together are;
  // without a lock around the whole run, the second would fail on the columns the first added, or time out.
  const holder = ctx.schema ? undefined : new SQLite(path.join(ctx.config.dataDir, 'portal.db'));
  holder?.exec('begin immediate');
  const release = setTimeout(() => {
    holder?.exec('commit');
    holder?.close();
  }, 7_000);
  const servers = await Promise.all([1, 2].map(() => startServer({ ...serverEnv(ctx), DATA_DIR: ctx.config.dataDir })));
  clearTimeout(release);
  await Promise.all(servers.map((s) => s.stop()));

  const runs = await ctx.db
    .selectFrom('mass_activations')
    .select(['uuid', 'finished_at', 'lease_owner', 'cursor'])
    .orderBy('uuid')
    .execute();
  expect(runs).toEqual([
    { uuid: 'finita', finished_at: '2026-11-24T10:05:00.000Z', lease_owner: '', cursor: '' },
    { uuid: 'vecchia', finished_at: '2026-11-25T10:00:00.000Z', lease_owner: '', cursor: '' },
  ]);
}, 60_000);
