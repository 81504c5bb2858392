import type { DbOrTx } from '../../db/database.ts';
import { newId } from '../../lib/tokens.ts';

/** Reset and activation links: each stored as its token's hash, used once, until it expires. */

export async function insertReset(
  db: DbOrTx,
  r: { tokenHash: string; userUuid: string; now: string; expiresAt: string },
): Promise<void> {
  await insertResets(db, [{ tokenHash: r.tokenHash, userUuid: r.userUuid }], r.now, r.expiresAt);
}

/** The owners of links that can still be used: unused and not expired. */
const liveLinks = (db: DbOrTx, now: string) =>
  db.selectFrom('password_resets').select('user_uuid').where('used_at', 'is', null).where('expires_at', '>', now);

/** The account of a reset link that can still be used (known, unused, not expired), else undefined. */
export async function liveResetOwner(db: DbOrTx, tokenHash: string, now: string): Promise<string | undefined> {
  const row = await liveLinks(db, now).where('token_hash', '=', tokenHash).executeTakeFirst();
  return row?.user_uuid;
}

/**
 * Marks the request used and returns its user in one statement, so two concurrent submissions of the same link
 * cannot both succeed.
 */
export async function consumeReset(db: DbOrTx, tokenHash: string, now: string): Promise<string | undefined> {
  const row = await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_uuid')
    .executeTakeFirst();
  return row?.user_uuid;
}

/** After a successful reset, or when the account is disabled, every outstanding link of that user stops working. */
export async function invalidateResets(db: DbOrTx, userUuid: string, now: string): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('user_uuid', '=', userUuid)
    .where('used_at', 'is', null)
    .execute();
}

/** Of these accounts, those holding a reset or activation link that can still be used. */
export async function usersWithLiveLink(db: DbOrTx, userUuids: readonly string[], now: string): Promise<Set<string>> {
  if (userUuids.length === 0) return new Set();
  const rows = await liveLinks(db, now).where('user_uuid', 'in', userUuids).execute();
  return new Set(rows.map((r) => r.user_uuid));
}

/** Reset or activation links for many accounts: each stored as its token's hash. */
export async function insertResets(
  db: DbOrTx,
  links: readonly { tokenHash: string; userUuid: string }[],
  now: string,
  expiresAt: string,
): Promise<void> {
  if (links.length === 0) return;
  await db
    .insertInto('password_resets')
    .values(
      links.map((l) => ({
        uuid: newId(),
        token_hash: l.tokenHash,
        user_uuid: l.userUuid,
        created_at: now,
        expires_at: expiresAt,
        used_at: null,
      })),
    )
    .execute();
}
