import type { AuditChange, AuditQuery, AuditRow } from '@portal/shared/schemas/audit';
import type { Paged } from '@portal/shared/schemas/paging';
import type { Db, DbOrTx } from '../../db/database.ts';
import { addDays } from '../../lib/clock.ts';
import { pagedList } from '../../lib/paging.ts';
import * as repo from './audit.repository.ts';

export type { AuditEntry } from './audit.repository.ts';

/**
 * Appends an entry to the audit trail in `trx`, the transaction of the change it records (the write and its entry
 * commit together). Nothing updates or deletes an entry but the retention (purgeAudit).
 */
export const recordAudit = (trx: DbOrTx, entry: repo.AuditEntry): Promise<void> => repo.record(trx, entry);

/** Fields whose values never enter the trail, whatever record they belong to. */
const SECRET = /pass|pwd|token|secret|totp|hash|recovery/i;

const asText = (v: unknown): string | null => {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'boolean') return v ? '1' : '0';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  return JSON.stringify(v);
};

/**
 * The fields of a save that changed, with their values before and after, in the order of `after`'s keys. Values
 * compare as text (a flag stored as 1 and sent as true is the same); empty and null are the same; secrets are left
 * out, and a field missing from `after` was not saved.
 */
export function changesOf(before: Readonly<Record<string, unknown>>, after: Readonly<Record<string, unknown>>) {
  const changes: AuditChange[] = [];
  for (const [field, value] of Object.entries(after)) {
    if (SECRET.test(field) || field === 'updated_at' || field.endsWith('_key')) continue;
    const b = asText(before[field]);
    const a = asText(value);
    if (a !== b) changes.push({ field, before: b, after: a });
  }
  return changes;
}

/** The values of a record as a creation or a deletion writes them: every field, from or to nothing. */
export const fieldsOf = (row: Readonly<Record<string, unknown>>, gone = false): AuditChange[] =>
  gone
    ? changesOf(row, Object.fromEntries(Object.keys(row).map((k) => [k, null]))).map((c) => ({ ...c, after: null }))
    : changesOf({}, row);

const dayStart = (day: string) => `${day}T00:00:00.000Z`;

/** GET /api/audit (admin): the trail filtered, newest first, in the portal's paged shape. */
export async function listAudit(db: DbOrTx, query: AuditQuery): Promise<Paged<AuditRow>> {
  const filter: repo.AuditFilter = {
    entity: query.entity,
    id: query.id,
    actor: query.actor,
    action: query.action,
    from: query.from && dayStart(query.from),
    to: query.to && dayStart(addDays(query.to, 1)),
  };
  return pagedList(
    query,
    () => repo.countAudit(db, filter),
    (win, reccount) => repo.listAudit(db, filter, win, reccount),
    (r) => ({
      uuid: r.uuid,
      at: r.at,
      actor: r.actor,
      actorName: r.actor_name,
      action: r.action,
      entity: r.entity,
      entityId: r.entity_id,
      changes: JSON.parse(r.changes) as AuditChange[],
    }),
  );
}

/** The housekeeping's: entries older than `days` go, in batches, until none is left; idempotent. */
export async function purgeAudit(db: Db, now: string, days: number): Promise<number> {
  const before = dayStart(addDays(now.slice(0, 10), -days));
  let total = 0;
  for (;;) {
    const n = await repo.purgeBefore(db, before);
    total += n;
    if (n === 0) return total;
  }
}
