import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import type { MassActivationsTable } from './mass-activation.table.ts';

/** An installer as the mass activation sees it: their e-mail and their account, if any. */
export type Candidate = {
  uuid: string;
  email: string;
  user_uuid: string | null;
  stato: string | null;
};

/** Installers in uuid order after `after`, with their account's stato: one page of the whole registry. */
export function installersAfter(db: DbOrTx, after: string, limit: number): Promise<Candidate[]> {
  return db
    .selectFrom('posatori')
    .leftJoin('users', 'users.uuid', 'posatori.user_uuid')
    .select(['posatori.uuid', 'posatori.email', 'posatori.user_uuid', 'users.stato'])
    .where('posatori.uuid', '>', after)
    .orderBy('posatori.uuid')
    .limit(limit)
    .execute();
}

export async function insertRun(db: DbOrTx, row: MassActivationsTable): Promise<void> {
  await db.insertInto('mass_activations').values(row).execute();
}

export function latestRun(db: DbOrTx) {
  return db.selectFrom('mass_activations').selectAll().orderBy('started_at', 'desc').limit(1).executeTakeFirst();
}

/** How many of a run's e-mails are in each state of the queue (the mail_queue_batch index). */
export async function queueCounts(db: DbOrTx, batch: string) {
  const rows = await db
    .selectFrom('mail_queue')
    .select(['status', sql<number>`count(*)`.as('n')])
    .where('batch', '=', batch)
    .groupBy('status')
    .execute();
  const n = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
  return { inviati: n('sent'), in_attesa: n('pending'), falliti: n('failed') };
}

export function runByUuid(db: DbOrTx, uuid: string) {
  return db.selectFrom('mass_activations').selectAll().where('uuid', '=', uuid).executeTakeFirst();
}

/** Updates a run only while `owner` holds its lease; false when another runner took it. */
export async function updateLeasedRun(
  db: DbOrTx,
  uuid: string,
  owner: string,
  values: Partial<Omit<MassActivationsTable, 'uuid' | 'started_by' | 'started_at'>>,
): Promise<boolean> {
  const res = await db
    .updateTable('mass_activations')
    .set(values)
    .where('uuid', '=', uuid)
    .where('lease_owner', '=', owner)
    .where('finished_at', '=', '')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Unfinished runs whose runner stopped renewing (presses are few: the table is a handful of rows). */
export function runsWithExpiredLease(db: DbOrTx, now: string) {
  return db
    .selectFrom('mass_activations')
    .select(['uuid', 'lease_owner', 'lease_until'])
    .where('finished_at', '=', '')
    .where('lease_until', '<=', now)
    .execute();
}

/** A compare-and-set on the lease seen expired: of several instances claiming it at once, one wins. */
export async function claimRun(
  db: DbOrTx,
  uuid: string,
  seenOwner: string,
  seenUntil: string,
  owner: string,
  until: string,
): Promise<boolean> {
  const res = await db
    .updateTable('mass_activations')
    .set({ lease_owner: owner, lease_until: until })
    .where('uuid', '=', uuid)
    .where('finished_at', '=', '')
    .where('lease_owner', '=', seenOwner)
    .where('lease_until', '=', seenUntil)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
