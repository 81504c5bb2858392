import type { DbOrTx } from '../../db/database.ts';
import { newId } from '../../lib/tokens.ts';

/** A person's own e-mail changes waiting for the link sent to the new address (docs/decisions/0022). */

/**
 * A new request, replacing the account's earlier ones: only the latest link can confirm, so an address typed by
 * mistake and corrected at once never becomes the login by its first link.
 */
export async function insertEmailChange(
  db: DbOrTx,
  r: { tokenHash: string; userUuid: string; email: string; now: string; expiresAt: string },
): Promise<void> {
  await db
    .updateTable('email_changes')
    .set({ used_at: r.now })
    .where('user_uuid', '=', r.userUuid)
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('email_changes')
    .values({
      uuid: newId(),
      token_hash: r.tokenHash,
      user_uuid: r.userUuid,
      email: r.email,
      created_at: r.now,
      expires_at: r.expiresAt,
      used_at: null,
    })
    .execute();
}

/** The account's request that can still be confirmed (unused, not expired), if any. */
export async function pendingEmailChange(db: DbOrTx, userUuid: string, now: string) {
  return db
    .selectFrom('email_changes')
    .select(['email', 'expires_at'])
    .where('user_uuid', '=', userUuid)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Marks the link used and answers its account and address in one statement, so two openings of the same link
 * cannot both change the address. undefined when the link is unknown, used or expired.
 */
export async function consumeEmailChange(db: DbOrTx, tokenHash: string, now: string) {
  return db
    .updateTable('email_changes')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['user_uuid', 'email'])
    .executeTakeFirst();
}

/** A link as stored, whatever its state: says why it cannot be used. */
export async function findEmailChange(db: DbOrTx, tokenHash: string) {
  return db
    .selectFrom('email_changes')
    .select(['used_at', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}
