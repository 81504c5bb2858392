import type { AuditAction, AuditChange, AuditEntity } from '@portal/shared/schemas/audit';
import { sql, type SqlBool } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import { nowIso } from '../../lib/clock.ts';
import { countQueries, pageRows, type ListQuery, type PageWindow } from '../../lib/paging.ts';
import { newId } from '../../lib/tokens.ts';

/** What an entry says; `actor` null when nobody is known. */
export type AuditEntry = {
  actor: string | null;
  action: AuditAction;
  entity: AuditEntity;
  entityId: string;
  changes?: readonly AuditChange[];
};

/**
 * Appends an entry. Called with the transaction of the change it records, so the entry and the change commit (or
 * roll back) together. The actor's name is read in the same statement.
 */
export async function record(trx: DbOrTx, entry: AuditEntry): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values((eb) => ({
      uuid: newId(),
      at: nowIso(),
      actor: entry.actor,
      // One statement shape whether the actor is known or not: a failed login of an unknown name runs the same
      // queries as one of an existing account (test/security/accounts.test.ts).
      actor_name: eb.fn.coalesce(
        eb
          .selectFrom('users')
          .select('username')
          .where('uuid', '=', entry.actor ?? ''),
        sql<string>`''`,
      ),
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId,
      changes: JSON.stringify(entry.changes ?? []),
    }))
    .execute();
}

export type AuditFilter = {
  entity?: AuditEntity | undefined;
  id?: string | undefined;
  actor?: string | undefined;
  action?: AuditAction | undefined;
  /** ISO timestamps: from included, to excluded. */
  from?: string | undefined;
  to?: string | undefined;
};

/**
 * The list, newest first (at desc, uuid desc). Every index of the table ends with (at, uuid), so a filter on one
 * record, one actor or one action is a range of its index already in the list's order, and the date range narrows
 * it further; the other filters are checked on the rows walked. An entity without its id has no such range: its
 * rows are sorted (matched).
 */
function auditList(db: DbOrTx, f: AuditFilter): ListQuery<'audit_log'> {
  let arm = db.selectFrom('audit_log');
  if (f.entity !== undefined) arm = arm.where('entity', '=', f.entity);
  if (f.id !== undefined) arm = arm.where('entity_id', '=', f.id);
  if (f.actor !== undefined) arm = arm.where('actor', '=', f.actor);
  if (f.action !== undefined) arm = arm.where('action', '=', f.action);
  if (f.from !== undefined) arm = arm.where('at', '>=', f.from);
  if (f.to !== undefined) arm = arm.where('at', '<', f.to);
  const ordered = f.actor !== undefined || f.action !== undefined || f.id !== undefined || f.entity === undefined;
  return {
    table: 'audit_log',
    arms: [arm],
    order: [
      ['at', 'desc'],
      ['uuid', 'desc'],
    ],
    matched: !ordered,
  };
}

/**
 * The count, not cached: every login writes an entry, so a cache keyed on the table's writes would be stale at
 * once. It reads the narrowest index range of the filter (docs/performance/audit.md has its cost).
 */
export async function countAudit(db: DbOrTx, f: AuditFilter): Promise<number> {
  let n = 0;
  for (const q of countQueries(auditList(db, f))) n += Number((await q.executeTakeFirst())?.n ?? 0);
  return n;
}

export async function listAudit(db: DbOrTx, f: AuditFilter, win: PageWindow, reccount: number) {
  return pageRows(db, auditList(db, f), win, reccount, (uuids) =>
    db.selectFrom('audit_log').selectAll().where('uuid', 'in', uuids).execute(),
  );
}

/** Every entry a person made or that is about their records, oldest first (their data-protection export). */
export async function entriesOf(db: DbOrTx, actor: string) {
  return db.selectFrom('audit_log').selectAll().where('actor', '=', actor).orderBy('at').orderBy('uuid').execute();
}

/**
 * Deletes entries older than `before`, at most `batch` at a time so a first purge of years of rows does not hold
 * the database for long; answers how many went. The only delete of the table: the retention's.
 */
export async function purgeBefore(db: DbOrTx, before: string, batch = 10_000): Promise<number> {
  const old = db.selectFrom('audit_log').select('uuid').where('at', '<', before).orderBy('at').limit(batch);
  const res = await db
    .deleteFrom('audit_log')
    .where(sql<SqlBool>`uuid in (${old})`)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
