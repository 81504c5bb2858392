import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import { couponIs } from '../coupons/coupon-status.ts';
import { cachedRows } from '../../lib/list-counts.ts';

/** What one event adds to its person's day. */
export type UsageKind = 'login' | 'download' | 'read';
const counterOf = { login: 'logins', download: 'downloads', read: 'reads' } as const;

/**
 * Records one event: the person's row of the day is created with the counter at 1, or its counter goes up by one.
 * One statement on the primary key (usage_days_pk), the same on SQLite and PostgreSQL.
 */
export async function recordEvent(
  db: DbOrTx,
  event: { day: string; role: string; userUuid: string; kind: UsageKind },
): Promise<void> {
  const counter = counterOf[event.kind];
  await db
    .insertInto('usage_days')
    .values({
      day: event.day,
      role: event.role,
      user_uuid: event.userUuid,
      logins: event.kind === 'login' ? 1 : 0,
      downloads: event.kind === 'download' ? 1 : 0,
      reads: event.kind === 'read' ? 1 : 0,
    })
    .onConflict((oc) =>
      oc.columns(['day', 'role', 'user_uuid']).doUpdateSet({ [counter]: sql`usage_days.${sql.ref(counter)} + 1` }),
    )
    .execute();
}

/** Days from..to with their events summed per role, in day order (usage_days_counts only). */
export async function dailyCounts(db: DbOrTx, from: string, to: string) {
  const rows = await db
    .selectFrom('usage_days')
    .select((eb) => [
      'day',
      'role',
      eb.fn.sum<number | string>('logins').as('logins'),
      eb.fn.sum<number | string>('downloads').as('downloads'),
      eb.fn.sum<number | string>('reads').as('reads'),
    ])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy(['day', 'role'])
    .orderBy('day')
    .orderBy('role')
    .execute();
  return rows.map((r) => ({
    day: r.day,
    role: r.role,
    logins: Number(r.logins),
    downloads: Number(r.downloads),
    reads: Number(r.reads),
  }));
}

/**
 * People per role with at least one recorded event from `from30` to `to`, and from `from7` to `to`: one range of
 * the primary key, each person's last day in it, then counted per role. Two hash aggregates instead of
 * count(distinct), which PostgreSQL sorts (30 days of the stress network: 94 ms, now 50; SQLite 52, now 47).
 */
export async function activePeople(db: DbOrTx, from7: string, from30: string, to: string) {
  const people = db
    .selectFrom('usage_days')
    .select((eb) => ['role', 'user_uuid', eb.fn.max('day').as('last_day')])
    .where('day', '>=', from30)
    .where('day', '<=', to)
    .groupBy(['role', 'user_uuid']);
  const rows = await db
    .selectFrom(people.as('p'))
    .select((eb) => [
      'p.role',
      eb.fn.countAll<number | string>().as('attivi30'),
      sql<number | string>`sum(case when ${eb.ref('p.last_day')} >= ${from7} then 1 else 0 end)`.as('attivi7'),
    ])
    .groupBy('p.role')
    .execute();
  return rows.map((r) => ({ role: r.role, attivi7: Number(r.attivi7), attivi30: Number(r.attivi30) }));
}

/** Installers by province and profile stato, today (posatori_provincia_stato, walked whole: 107 x 3 groups). */
export async function installersByProvince(db: DbOrTx) {
  const rows = await cachedRows(
    db,
    ['posatori'],
    db
      .selectFrom('posatori')
      .select((eb) => ['state', 'stato', eb.fn.countAll<number | string>().as('n')])
      .groupBy(['state', 'stato']),
  );
  return rows.map((r) => ({ state: r.state, stato: r.stato, n: Number(r.n) }));
}

const month = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 7)`;

type MonthCount = { month: string; n: number };
const byMonth = (rows: readonly { month: string; n: number | string }[]): MonthCount[] =>
  rows.map((r) => ({ month: r.month, n: Number(r.n) }));

/** Coupons assigned from..to (their created_at, a UTC timestamp, read as its date), per month (coupons_created). */
export async function assignedByMonth(db: DbOrTx, from: string, to: string): Promise<MonthCount[]> {
  const rows = await cachedRows(
    db,
    ['coupons'],
    db
      .selectFrom('coupons')
      .select((eb) => [month('created_at').as('month'), eb.fn.countAll<number | string>().as('n')])
      .where('created_at', '>=', from)
      // Every timestamp of the day `to` sorts before `to` followed by a character above 'T'.
      .where('created_at', '<', `${to}U`)
      .groupBy(month('created_at')),
  );
  return byMonth(rows);
}

/** Coupons redeemed from..to, per month of redemption (coupons_redeemed). */
export async function redeemedByMonth(db: DbOrTx, from: string, to: string): Promise<MonthCount[]> {
  const rows = await cachedRows(
    db,
    ['coupons'],
    db
      .selectFrom('coupons')
      .select((eb) => [month('dtesecuzione').as('month'), eb.fn.countAll<number | string>().as('n')])
      .where('dtesecuzione', '>=', from)
      .where('dtesecuzione', '<=', to)
      .groupBy(month('dtesecuzione')),
  );
  return byMonth(rows);
}

/**
 * Coupons that expired from..to, per month of their expiry: never redeemed, and their scadenza before today (the one
 * definition of coupon-status.ts), so a coupon expiring today or later is not counted yet (coupons_state).
 */
export async function expiredByMonth(db: DbOrTx, from: string, to: string, today: string): Promise<MonthCount[]> {
  const rows = await cachedRows(
    db,
    ['coupons'],
    db
      .selectFrom('coupons')
      .select((eb) => [month('scadenza').as('month'), eb.fn.countAll<number | string>().as('n')])
      .where(couponIs('expired', today))
      .where('scadenza', '>=', from)
      .where('scadenza', '<=', to)
      .groupBy(month('scadenza')),
  );
  return byMonth(rows);
}

/** The resellers who redeemed most coupons from..to, most first, with their name (coupons_redeemed). */
export async function topResellers(db: DbOrTx, from: string, to: string, limit: number) {
  const top = await cachedRows(
    db,
    ['coupons'],
    db
      .selectFrom('coupons')
      .select((eb) => ['rivenditore', eb.fn.countAll<number | string>().as('n')])
      .where('dtesecuzione', '>=', from)
      .where('dtesecuzione', '<=', to)
      .where('rivenditore', 'is not', null)
      .groupBy('rivenditore')
      .orderBy('n', 'desc')
      .orderBy('rivenditore')
      .limit(limit),
  );
  const uuids = top.flatMap((t) => (t.rivenditore ? [t.rivenditore] : []));
  const names =
    uuids.length === 0
      ? []
      : await db.selectFrom('rivenditori').select(['uuid', 'ragsoc', 'state']).where('uuid', 'in', uuids).execute();
  const byUuid = new Map(names.map((n) => [n.uuid, n]));
  return top.flatMap((t) => {
    const r = t.rivenditore ? byUuid.get(t.rivenditore) : undefined;
    return r ? [{ uuid: r.uuid, ragsoc: r.ragsoc, state: r.state, utilizzati: Number(t.n) }] : [];
  });
}
