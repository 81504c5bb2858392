import { type Kysely } from 'kysely';

/*
 * Frozen: never edit after it has shipped; add a new migration instead.
 * A mass activation is run by whichever instance holds its lease, not by the process that took the press: when that
 * process dies, another instance takes the expired lease and goes on from the last committed batch
 * (docs/decisions/0026-processes-and-instances.md):
 * - lease_owner: a token of the run's current runner ('' when none);
 * - lease_until: when the lease expires unless renewed (ISO; '' is expired);
 * - cursor: the last installer (uuid) of the last committed batch, written in that batch's transaction.
 * - timer_turns: one row per periodic task (housekeeping); the instance that moves its `until` forward with a
 *   compare-and-set runs the task this time, the others skip it.
 * - rate_counters: the edge's rate limits (plugins/rate-limits.ts), one row per key (an address or an account with
 *   the limit's name) counting the requests of its current window, shared by every instance.
 * Presses left unfinished by the earlier code (which gave up on a run after 10 minutes) are closed: resuming one
 * long after it was pressed would send links nobody is waiting for.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ['lease_owner', 'lease_until', 'cursor']) {
    await db.schema
      .alterTable('mass_activations')
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  }
  await db.schema
    .createTable('timer_turns')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('until', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('rate_counters')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('slot', 'integer', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_counters_expires').on('rate_counters').column('expires_at').execute();
  await db
    .updateTable('mass_activations')
    .set((eb) => ({ finished_at: eb.ref('started_at') }))
    .where('finished_at', '=', '')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_counters').execute();
  await db.schema.dropTable('timer_turns').execute();
  for (const column of ['cursor', 'lease_until', 'lease_owner']) {
    await db.schema.alterTable('mass_activations').dropColumn(column).execute();
  }
}
