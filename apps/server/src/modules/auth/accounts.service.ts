import { msg } from '@portal/shared/messages-it';
import type { Role } from '@portal/shared/roles';
import { normalizeLogin } from '@portal/shared/validation/common';
import type { Db, DbOrTx } from '../../db/database.ts';
import { nowIso } from '../../lib/clock.ts';
import { fieldsRefused, HttpError, notFound, type ReasonFor } from '../../plugins/error-envelope.ts';
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
  const address = normalizeLogin(email);
  return repo.insertUser(
    tx,
    { username: address, email: address, passwordHash: null, stato: 'requested', roles: [role] },
    nowIso(),
  );
}

/**
 * A registered person and their login in one transaction (POST /api/capoarea, /api/riventitore): the address must
 * be free (else a 400 on `email`); `insert` writes the person's rows, given the new account's uuid.
 */
export async function createPersonWithAccount(
  db: Db,
  email: string,
  role: Role,
  reasonFor: ReasonFor,
  insert: (tx: DbOrTx, userUuid: string) => Promise<void>,
): Promise<void> {
  if (await addressTaken(db, email)) throw fieldsRefused({ email: msg.utenteEsistente }, reasonFor);
  await db.transaction().execute(async (tx) => insert(tx, await createRequestedAccount(tx, email, role)));
}

/**
 * Disables or re-enables an account. Disabling ends its sessions at once (the session lookup also refuses
 * non-active accounts) and cancels its reset and activation links, so no link sent before can switch it back on;
 * re-enabling gives 'active' back only to an account that has a password, else it waits for a new activation link.
 * undefined when the account does not exist.
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
    const now = nowIso();
    await repo.setUserStato(tx, userUuid, stato, now);
    if (stato === 'disabled') {
      await repo.deleteUserSessions(tx, userUuid);
      await repo.invalidateResets(tx, userUuid, now);
    }
    return stato;
  });
}

/**
 * The admin's switch on a registered person's login (area manager, reseller, installer): 404 when the person does
 * not exist, 400 'Nessun account associato' when they have no login yet. Answers the resulting stato.
 */
export async function setPersonAccountStato(
  db: Db,
  person: { user_uuid: string | null } | undefined,
  wanted: 'active' | 'disabled',
): Promise<UserStato> {
  if (!person) throw notFound();
  const stato = person.user_uuid ? await setAccountStato(db, person.user_uuid, wanted) : undefined;
  if (!stato) throw new HttpError(400, msg.senzaAccount);
  return stato;
}

/** Keeps the account's e-mail (where reset links go) in step with the person's; the username stays. */
export async function syncAccountEmail(tx: DbOrTx, userUuid: string | null, email: string): Promise<void> {
  const address = normalizeLogin(email);
  if (userUuid && address !== '') await repo.setUserEmail(tx, userUuid, address, nowIso());
}

/** The account stato the lists and forms show: 'none' for a person without an account. */
export const accountStatoOf = (stato: string | null | undefined): UserStato | 'none' =>
  stato === 'active' || stato === 'disabled' || stato === 'requested' ? stato : 'none';
