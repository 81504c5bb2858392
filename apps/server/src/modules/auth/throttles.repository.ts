import type { DbOrTx } from '../../db/database.ts';
import { newId } from '../../lib/tokens.ts';

/** Failed logins and redemptions, counted in the database so that several server processes share the counters. */

export async function recordFailure(db: DbOrTx, key: string, now: string): Promise<void> {
  await db.insertInto('login_failures').values({ uuid: newId(), key, at: now }).execute();
}

export async function countFailures(db: DbOrTx, key: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('key', '=', key)
    .where('at', '>', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The key of an account's failed logins from one client address. */
export const accountFailureKey = (userUuid: string, ip: string) => `u:${userUuid}|${ip}`;

export async function clearFailures(db: DbOrTx, key: string): Promise<void> {
  await db.deleteFrom('login_failures').where('key', '=', key).execute();
}

/** Forgets an account's failed logins from every address: a range of the (key, at) index, '}' following '|'. */
export async function clearAccountFailures(db: DbOrTx, userUuid: string): Promise<void> {
  await db
    .deleteFrom('login_failures')
    .where('key', '>=', `u:${userUuid}|`)
    .where('key', '<', `u:${userUuid}}`)
    .execute();
}

export async function pruneFailures(db: DbOrTx, before: string): Promise<void> {
  await db.deleteFrom('login_failures').where('at', '<=', before).execute();
}
