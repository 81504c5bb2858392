import type { Db } from '../database.ts';
import type { AuditLogTable } from '../../modules/audit/audit.table.ts';
import { insertAll } from './random.ts';
import { generator, NOW, type StressNetwork } from './stress-generator.ts';

/**
 * A uuid whose first 48 bits are the entry's time (the layout of a version 7 uuid): appended in time order, the
 * entries' keys arrive in key order too and the primary key index is written at its end, not all over it, which
 * keeps two million inserts from slowing down as the table grows.
 */
const timeOrdered = (ms: number, random: string) => {
  const hex = ms.toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7${random.slice(15)}`;
};

/** Years of audit trail behind STRESS_TODAY. */
const AUDIT_DAYS = 3 * 365;

/**
 * The audit trail of a few years: logins of every account (most of it), failed ones, the office's saves of
 * installers with a changed field, redemptions, exports. Rows come in time order, as the portal appends them;
 * inserted in slices of 50,000, a transaction each, so two million rows never sit in memory.
 */
export async function seedStressAudit(db: Db, net: StressNetwork, count: number, seed: number): Promise<void> {
  const g = generator(seed);
  const users = await db.selectFrom('users').select(['uuid', 'username']).orderBy('uuid').execute();
  const admin = users.find((u) => u.username === 'admin');
  if (!admin || users.length === 0 || net.posatori.length === 0) return;
  const office = users.slice(0, Math.max(1, Math.floor(users.length / 20)));
  const start = Date.parse(NOW) - AUDIT_DAYS * 86_400_000;
  const step = (AUDIT_DAYS * 86_400_000) / count;
  let rows: AuditLogTable[] = [];
  for (let i = 0; i < count; i++) {
    const ms = Math.floor(start + (i + g.random()) * step);
    const at = new Date(ms).toISOString();
    const kind = g.random();
    const someone = g.pick(users);
    const row: AuditLogTable = {
      uuid: timeOrdered(ms, g.uuid()),
      at,
      actor: someone.uuid,
      actor_name: someone.username,
      action: 'login',
      entity: 'utente',
      entity_id: someone.uuid,
      changes: '[]',
    };
    if (kind < 0.25) {
      const by = g.chance(0.5) ? admin : g.pick(office);
      Object.assign(row, {
        actor: by.uuid,
        actor_name: by.username,
        action: 'modifica',
        entity: 'posatore',
        entity_id: g.pick(net.posatori).uuid,
        changes: JSON.stringify([
          { field: 'phone', before: `02 ${g.int(100000, 999999)}`, after: `02 ${g.int(100000, 999999)}` },
        ]),
      });
    } else if (kind < 0.35) {
      Object.assign(row, {
        action: 'coupon-usato',
        entity: 'coupon',
        entity_id: g.uuid(),
        changes: JSON.stringify([{ field: 'posatore', before: null, after: g.pick(net.posatori).uuid }]),
      });
    } else if (kind < 0.38) {
      Object.assign(row, {
        actor: admin.uuid,
        actor_name: admin.username,
        action: 'export',
        entity: 'export',
        entity_id: 'posatori',
        changes: JSON.stringify([{ field: 'state', before: null, after: 'MI' }]),
      });
    } else if (kind < 0.45) {
      Object.assign(row, { action: 'login-fallito' });
    } else if (kind < 0.6) {
      Object.assign(row, { action: 'logout' });
    }
    rows.push(row);
    if (rows.length >= 50_000 || i === count - 1) {
      const slice = rows;
      // A transaction per slice: one over two million rows grows the SQLite WAL to gigabytes and slows every write.
      await db
        .transaction()
        .execute((tx) => insertAll(slice, (chunk) => tx.insertInto('audit_log').values(chunk).execute()));
      rows = [];
    }
  }
}
