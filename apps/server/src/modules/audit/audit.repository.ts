import type { AuditAction, AuditChange, AuditEntity } from '@portal/shared/schemas/audit';
import { sql, type SqlBool } from 'kysely';
import type { Db, DbOrTx } from '../../db/database.ts';
import { nowIso } from '../../lib/clock.ts';
import { sharedRead, sumCounts } from '../../lib/list-counts.ts';
import { remember } from '../../lib/remember.ts';
import { countQueries, pageRows, type ListQuery, type PageWindow } from '../../lib/paging.ts';
import { newId } from '../../lib/tokens.ts';
import { rowsByKeys } from '../../lib/rows-by-keys.ts';

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
 * Entries stamped longer ago than this are taken as committed: the stamp is taken inside the transaction of the
 * change it records, and no such transaction lasts minutes. Their counts are remembered; the newer ones are counted
 * on every request.
 */
const SETTLED_MS = 5 * 60_000;
/** The list_versions row the retention bumps: the only delete, so the only change that makes a settled count old. */
const PURGES = 'audit_log_purges';
const MAX_SETTLED = 500;
type Settled = { until: string; n: number };
const settledCounts = new WeakMap<object, Map<string, Settled & { purges: string }>>();
const later = (a: string | undefined, b: string) => (a !== undefined && a > b ? a : b);
const earlier = (a: string | undefined, b: string) => (a !== undefined && a < b ? a : b);

async function countExact(db: DbOrTx, f: AuditFilter): Promise<number> {
  if (f.from !== undefined && f.to !== undefined && f.from >= f.to) return 0;
  return sumCounts(countQueries(auditList(db, f)));
}

/**
 * The count of a filter. The trail is appended to and only the retention deletes from it, so what was counted
 * stays counted: the entries older than a few minutes (SETTLED_MS) are counted once per filter and handle, then
 * only the entries stamped since are added; the newest are counted on every request, each an index range of a few
 * minutes. A purge bumps its version (list_versions, read first, shared by every instance) and the counts start
 * again. A cache keyed on the table's writes could not work: every login writes an entry. Inside a transaction
 * nothing is remembered.
 */
export async function countAudit(db: DbOrTx, f: AuditFilter): Promise<number> {
  if (db.isTransaction) return countExact(db, f);
  const version = await db.selectFrom('list_versions').select('version').where('name', '=', PURGES).executeTakeFirst();
  const purges = String(version?.version ?? 0);
  const until = new Date(Date.now() - SETTLED_MS).toISOString();
  const compiled = auditList(db, f).arms.map((arm) => arm.selectAll().compile());
  const key = JSON.stringify(compiled.map((c) => [c.sql, c.parameters]));
  let cache = settledCounts.get(db);
  if (!cache) settledCounts.set(db, (cache = new Map()));
  const hit = cache.get(key);
  const settled: Settled =
    hit && hit.purges === purges && hit.until <= until
      ? { until, n: hit.n + (await countExact(db, { ...f, from: later(f.from, hit.until), to: earlier(f.to, until) })) }
      : // The requests that find no count wait for one first count instead of each counting.
        await sharedRead(db, `audit\u0000${purges}\u0000${key}`, async () => ({
          until,
          n: await countExact(db, { ...f, to: earlier(f.to, until) }),
        }));
  remember(cache, key, { purges, ...settled }, MAX_SETTLED);
  return settled.n + (await countExact(db, { ...f, from: later(f.from, settled.until) }));
}

export async function listAudit(db: DbOrTx, f: AuditFilter, win: PageWindow, reccount: number) {
  return pageRows(db, auditList(db, f), win, reccount, (uuids) => auditRows(db, uuids));
}

const auditRows = rowsByKeys((db, uuids) => db.selectFrom('audit_log').selectAll().where('uuid', 'in', uuids));

/** Every entry a person made or that is about their records, oldest first (their data-protection export). */
export async function entriesOf(db: DbOrTx, actor: string) {
  return db.selectFrom('audit_log').selectAll().where('actor', '=', actor).orderBy('at').orderBy('uuid').execute();
}

/**
 * Deletes entries older than `before`, at most `batch` at a time so a first purge of years of rows does not hold
 * the database for long; answers how many went. The only delete of the table: the retention's.
 */
export async function purgeBefore(db: Db, before: string, batch = 10_000): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const old = tx.selectFrom('audit_log').select('uuid').where('at', '<', before).orderBy('at').limit(batch);
    const res = await tx
      .deleteFrom('audit_log')
      .where(sql<SqlBool>`uuid in (${old})`)
      .executeTakeFirst();
    const n = Number(res.numDeletedRows);
    // With the delete, so no count remembered before it is read again after it (countAudit).
    if (n > 0)
      await tx
        .insertInto('list_versions')
        .values({ name: PURGES, version: 1 })
        .onConflict((oc) => oc.column('name').doUpdateSet({ version: sql`list_versions.version + 1` }))
        .execute();
    return n;
  });
}
