import { landingRole, roles as allRoles, type Role } from '@portal/shared/roles';
import type { DbOrTx } from '../database.ts';
import { addDays } from '../../lib/clock.ts';
import type { UsageDaysTable } from '../../modules/usage-statistics/usage-statistics.table.ts';

/**
 * How often each role uses the portal on a weekday (the chance a person with an active account is active that
 * day), and at the weekend: the office roles most days, installers now and then. What an active day holds follows.
 */
const weekdayChance: Record<Role, number> = { admin: 0.9, capoarea: 0.6, rivenditori: 0.35, posatore: 0.05 };
const WEEKEND_FACTOR = 0.15;

/**
 * The active accounts' landing roles, in username order (stable across runs and engines): the people whose
 * history the seeds make up.
 */
export async function activePeople(db: DbOrTx): Promise<{ userUuid: string; role: Role }[]> {
  const rows = await db
    .selectFrom('users')
    .innerJoin('user_roles', 'user_roles.user_uuid', 'users.uuid')
    .select(['users.uuid', 'users.username', 'user_roles.role'])
    .where('users.stato', '=', 'active')
    .orderBy('users.username')
    .execute();
  const byUser = new Map<string, Role[]>();
  for (const r of rows) {
    if (!(allRoles as readonly string[]).includes(r.role)) continue;
    byUser.set(r.uuid, [...(byUser.get(r.uuid) ?? []), r.role as Role]);
  }
  return [...byUser].flatMap(([userUuid, held]) => {
    const role = landingRole(held);
    return role ? [{ userUuid, role }] : [];
  });
}

/**
 * Made-up usage for the days before `today` (`days` of them): per person and day, whether they came (weekdays
 * busier) and then their logins, document downloads and message reads. `busy` scales the chances (the demo has
 * few people and wants its charts full). Rows are handed to `insert` in batches, so memory stays flat at scale.
 */
export async function seedUsageHistory(
  people: readonly { userUuid: string; role: Role }[],
  opts: { today: string; days: number; random: () => number; busy?: number },
  insert: (rows: UsageDaysTable[]) => Promise<void>,
): Promise<number> {
  const { random, busy = 1 } = opts;
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  let batch: UsageDaysTable[] = [];
  let total = 0;
  for (let back = opts.days; back >= 1; back--) {
    const day = addDays(opts.today, -back);
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    const weekend = weekday === 0 || weekday === 6;
    for (const p of people) {
      const chance = Math.min(1, weekdayChance[p.role] * busy * (weekend ? WEEKEND_FACTOR : 1));
      if (random() >= chance) continue;
      const office = p.role !== 'posatore';
      batch.push({
        day,
        role: p.role,
        user_uuid: p.userUuid,
        logins: random() < 0.2 ? 2 : 1,
        downloads: random() < (office ? 0.25 : 0.35) ? int(1, 3) : 0,
        reads: random() < (office ? 0.7 : 0.5) ? int(1, office ? 6 : 3) : 0,
      });
      if (batch.length >= 5_000) {
        total += batch.length;
        await insert(batch);
        batch = [];
      }
    }
  }
  total += batch.length;
  if (batch.length > 0) await insert(batch);
  return total;
}
