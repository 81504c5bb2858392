import type { Role } from '@portal/shared/roles';
import type { Db, DbOrTx } from '../../db/database.ts';
import { nowIso } from '../../lib/clock.ts';
import * as repo from './auth.repository.ts';
import type { UserStato } from './auth.table.ts';

/**
 * Login accounts of people the admin registers (area managers, resellers). The username is the e-mail address
 * given at creation and never changes; the account waits in 'requested' until the activation link sets a password.
 */

/**
 * A new account's address must be free as a username and as an e-mail: login accepts an e-mail only when exactly
 * one account has it, so a second account with the same address would lock the first out of logging in by e-mail.
 */
export async function addressTaken(db: DbOrTx, email: string): Promise<boolean> {
  return repo.loginInUse(db, email);
}

/** A new account without password, stato 'requested', holding one role. */
export async function createRequestedAccount(tx: DbOrTx, email: string, role: Role): Promise<string> {
  const address = email.trim();
  return repo.insertUser(
    tx,
    { username: address, email: address, passwordHash: null, stato: 'requested', roles: [role] },
    nowIso(),
  );
}

/**
 * Disables or re-enables an account. Disabling ends its sessions at once (the session lookup also refuses
 * non-active accounts); re-enabling gives 'active' back only to an account that has a password, else it waits
 * for its activation link again. undefined when the account does not exist.
 */
export async function setAccountStato(
  db: Db,
  userUuid: string,
  wanted: 'active' | 'disabled',
): Promise<UserStato | undefined> {
  return db.transaction().execute(async (tx) => {
    const user = await repo.findUserByUuid(tx, userUuid);
    if (!user) return undefined;
    const stato: UserStato = wanted === 'disabled' ? 'disabled' : user.password_hash ? 'active' : 'requested';
    await repo.setUserStato(tx, userUuid, stato, nowIso());
    if (stato === 'disabled') await repo.deleteUserSessions(tx, userUuid);
    return stato;
  });
}

/** Keeps the account's e-mail (where reset links go) in step with the person's; the username stays. */
export async function syncAccountEmail(tx: DbOrTx, userUuid: string | null, email: string): Promise<void> {
  if (userUuid && email.trim() !== '') await repo.setUserEmail(tx, userUuid, email.trim(), nowIso());
}

/** The account stato the lists and forms show: 'none' for a person without an account. */
export const accountStatoOf = (stato: string | null | undefined): UserStato | 'none' =>
  stato === 'active' || stato === 'disabled' || stato === 'requested' ? stato : 'none';
