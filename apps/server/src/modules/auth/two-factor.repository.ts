import type { DbOrTx } from '../../db/database.ts';

/** An account's TOTP second factor and its recovery codes (docs/decisions/0024). */

export type TwoFactorRow = { secret: string; enabled_at: string | null; last_step: number };

export async function findTwoFactor(db: DbOrTx, userUuid: string): Promise<TwoFactorRow | undefined> {
  return db
    .selectFrom('two_factor')
    .select(['secret', 'enabled_at', 'last_step'])
    .where('user_uuid', '=', userUuid)
    .executeTakeFirst();
}

/** Whether the account logs in with a second factor. */
export async function hasTwoFactor(db: DbOrTx, userUuid: string): Promise<boolean> {
  return (await findTwoFactor(db, userUuid))?.enabled_at != null;
}

/** A new secret waiting for its first code; replaces one an earlier, unfinished enrolment left. */
export async function startEnrolment(db: DbOrTx, userUuid: string, secret: string, now: string): Promise<void> {
  await db.deleteFrom('two_factor').where('user_uuid', '=', userUuid).where('enabled_at', 'is', null).execute();
  await db
    .insertInto('two_factor')
    .values({ user_uuid: userUuid, secret, created_at: now, enabled_at: null })
    .execute();
}

/** Turns the waiting secret on and gives the account these recovery codes (hashes) in place of any before. */
export async function enable(
  db: DbOrTx,
  userUuid: string,
  step: number,
  codeHashes: readonly string[],
  now: string,
): Promise<boolean> {
  const row = await db
    .updateTable('two_factor')
    .set({ enabled_at: now, last_step: step })
    .where('user_uuid', '=', userUuid)
    .where('enabled_at', 'is', null)
    .returning('user_uuid')
    .executeTakeFirst();
  if (!row) return false;
  await db.deleteFrom('recovery_codes').where('user_uuid', '=', userUuid).execute();
  await db
    .insertInto('recovery_codes')
    .values(codeHashes.map((code_hash) => ({ code_hash, user_uuid: userUuid, used_at: null })))
    .execute();
  return true;
}

/**
 * Records the time step of an accepted code, in one statement that only moves forward: two requests with the same
 * code cannot both pass.
 */
export async function acceptStep(db: DbOrTx, userUuid: string, step: number): Promise<boolean> {
  const row = await db
    .updateTable('two_factor')
    .set({ last_step: step })
    .where('user_uuid', '=', userUuid)
    .where('last_step', '<', step)
    .returning('user_uuid')
    .executeTakeFirst();
  return row !== undefined;
}

/** Uses a recovery code once: true when it was the account's and unused. */
export async function useRecoveryCode(db: DbOrTx, userUuid: string, codeHash: string, now: string): Promise<boolean> {
  const row = await db
    .updateTable('recovery_codes')
    .set({ used_at: now })
    .where('code_hash', '=', codeHash)
    .where('user_uuid', '=', userUuid)
    .where('used_at', 'is', null)
    .returning('code_hash')
    .executeTakeFirst();
  return row !== undefined;
}

export async function removeTwoFactor(db: DbOrTx, userUuid: string): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_uuid', '=', userUuid).execute();
  await db.deleteFrom('two_factor').where('user_uuid', '=', userUuid).execute();
}
