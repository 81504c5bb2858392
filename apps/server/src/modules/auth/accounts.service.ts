import type { z } from 'zod';
import { msg } from '@portal/shared/messages-it';
import type { Role } from '@portal/shared/roles';
import { normalizeLogin } from '@portal/shared/validation/common';
import type { Db, DbOrTx } from '../../db/database.ts';
import { ownerPrefix, type FileStore } from '../../lib/file-store.ts';
import { addMinutes, nowIso } from '../../lib/clock.ts';
import { newId, randomToken, sha256 } from '../../lib/tokens.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { enqueueMails } from '../mail/mail-queue.ts';
import { fieldsRefused, HttpError, notFound } from '../../plugins/error-envelope.ts';
import { changesOf, recordAudit } from '../audit/audit.service.ts';
import { emailChangedMail, emailConfirmLink, emailConfirmMail } from './account-mails.ts';
import * as emailChanges from './email-changes.repository.ts';
import * as resetTokens from './reset-tokens.repository.ts';
import * as sessions from './sessions.repository.ts';
import { announce } from '../events/events.service.ts';
import * as users from './users.repository.ts';
import type { UserStato } from './auth.table.ts';
import type { Viewer } from '../reach/viewer.ts';

/**
 * Login accounts of people the admin registers (area managers, resellers). The username is the e-mail address
 * given at creation and never changes; the account waits in 'requested' until the activation link sets a password.
 */

/**
 * A new account's address must be free as a username and as an e-mail: each address logs in one account only
 * (user_logins), so a second account with the same address would take the first one's login and reset links.
 */
export async function addressTaken(db: DbOrTx, email: string): Promise<boolean> {
  return users.loginInUse(db, email);
}

/**
 * Whether a write failed because another account holds one of the login names it gave (user_logins' primary key):
 * a concurrent save that got there first, since every path checks before it writes.
 */
export const loginTaken = (err: unknown): boolean => isUniqueViolation(err, 'user_logins.login', 'user_logins_pkey');

/**
 * Runs a batch's transaction (an import's rows, a mass activation's accounts) again when a concurrent save took one
 * of the addresses it gives: the next run's check finds it taken and leaves that person out.
 */
export async function retryOnLoginCollision<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= 3 || !loginTaken(err)) throw err;
    }
  }
}

/** The 400 of a taken address, on the `email` field as the form shows it. */
export const addressTakenError = (form?: z.ZodType) => fieldsRefused({ email: msg.utenteEsistente }, form);

/**
 * Runs a save that gives an account an address (its transaction, the check inside it): an address a concurrent
 * save took meanwhile is the same 400 as the check's, not a 500.
 */
async function savingAddress<T>(run: () => Promise<T>, form?: z.ZodType): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (loginTaken(err)) throw addressTakenError(form);
    throw err;
  }
}

/** A new account without password, stato 'requested', holding one role. */
async function createRequestedAccount(tx: DbOrTx, email: string, role: Role): Promise<string> {
  const address = normalizeLogin(email);
  return users.insertUser(
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
  form: z.ZodType,
  insert: (tx: DbOrTx, userUuid: string) => Promise<void>,
): Promise<void> {
  if (await addressTaken(db, email)) throw addressTakenError(form);
  await savingAddress(
    () => db.transaction().execute(async (tx) => insert(tx, await createRequestedAccount(tx, email, role))),
    form,
  );
}

/**
 * Disables or re-enables an account. Disabling ends its sessions at once (the session lookup also refuses
 * non-active accounts) and cancels its reset and activation links, so no link sent before can switch it back on;
 * re-enabling gives 'active' back only to an account that has a password, else it waits for a new activation link.
 * undefined when the account does not exist.
 */
async function setAccountStato(
  db: Db,
  actor: string,
  userUuid: string,
  wanted: 'active' | 'disabled',
): Promise<UserStato | undefined> {
  return db.transaction().execute(async (tx) => {
    const user = await users.findUserByUuid(tx, userUuid);
    if (!user) return undefined;
    const stato: UserStato = wanted === 'disabled' ? 'disabled' : user.password_hash ? 'active' : 'requested';
    const now = nowIso();
    await users.setUserStato(tx, userUuid, stato, now);
    const changes = changesOf(user, { stato });
    await recordAudit(tx, { actor, action: 'stato-account', entity: 'utente', entityId: userUuid, changes });
    if (stato === 'disabled') {
      await sessions.deleteUserSessions(tx, userUuid);
      await resetTokens.invalidateResets(tx, userUuid, now);
      // Their open live-update streams end now, on every instance.
      await announce(tx, 'session', [userUuid]);
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
  actor: string,
  person: { user_uuid: string | null } | undefined,
  wanted: 'active' | 'disabled',
): Promise<UserStato> {
  if (!person) throw notFound();
  const stato = person.user_uuid ? await setAccountStato(db, actor, person.user_uuid, wanted) : undefined;
  if (!stato) throw new HttpError(400, msg.senzaAccount);
  return stato;
}

/**
 * Whether giving the person's account this address would take another account's login (its username or e-mail):
 * checked with the form's other rules, so the save answers every problem at once. An address the account already
 * has is never refused, even one it shared with others before addresses were unique (decision record 0022).
 */
export async function addressTakenFor(db: DbOrTx, userUuid: string | null, email: string): Promise<boolean> {
  const address = normalizeLogin(email);
  if (!userUuid || address === '') return false;
  const [user, owner] = await Promise.all([users.findUserByUuid(db, userUuid), users.loginOwner(db, address)]);
  return user !== undefined && takesAnothers(user, address, owner);
}

const takesAnothers = (user: users.UserRow, address: string, owner: string | undefined) =>
  user.email !== address && owner !== undefined && owner !== user.uuid;

/**
 * Keeps the account's e-mail (where reset links and notifications go, and a name it logs in by) in step with the
 * person's; the username stays. A person without an account, or an empty address, changes nothing. An address
 * another account logs in by is a 400 on `email` (addressTakenFor; a concurrent save's is savingAddress's). The
 * previous address gets a notice: whoever changed it without the owner's word would get their reset links.
 */
export async function syncAccountEmail(
  tx: DbOrTx,
  userUuid: string | null,
  email: string,
  form?: z.ZodType,
): Promise<void> {
  const address = normalizeLogin(email);
  if (!userUuid || address === '') return;
  const [user, owner] = await Promise.all([users.findUserByUuid(tx, userUuid), users.loginOwner(tx, address)]);
  if (!user) return;
  if (takesAnothers(user, address, owner)) throw addressTakenError(form);
  const now = new Date();
  await users.setUserEmail(tx, user, address, now.toISOString());
  if (user.email !== '' && user.email !== address) {
    const notice = emailChangedMail(user.username, now);
    await enqueueMails(tx, [
      {
        uuid: `email:${user.uuid}:${now.toISOString()}`,
        to: user.email,
        subject: notice.subject,
        body: notice.text,
        // About the account's security, like a reset link: it goes before any circular.
        priority: 'transactional',
        lane: user.email,
      },
    ]);
  }
}

/** An own change's confirmation link lives 24 hours. */
export const EMAIL_CHANGE_MINUTES = 24 * 60;

/** What an own change of address needs to send its link: the portal's address, and a nudge to the mail sender. */
export type EmailLinks = { publicUrl: string; onQueued?: () => void };

/**
 * A person's own change of address, asked in `tx` (the save's transaction): the account keeps its address; a link
 * to confirm goes to the new one (24 hours, once, stored as its hash). The old address is told when the change
 * happens (syncAccountEmail, at the confirmation).
 */
export async function requestEmailChange(tx: DbOrTx, links: EmailLinks, userUuid: string, email: string) {
  const user = await users.findUserByUuid(tx, userUuid);
  if (!user) return;
  const now = nowIso();
  const token = randomToken(16);
  await emailChanges.insertEmailChange(tx, {
    tokenHash: sha256(token),
    userUuid,
    email,
    now,
    expiresAt: addMinutes(now, EMAIL_CHANGE_MINUTES),
  });
  const link = emailConfirmLink(links.publicUrl, token);
  const mail = emailConfirmMail(user.username, link);
  await enqueueMails(tx, [
    {
      uuid: `email-confirm:${newId()}`,
      to: email,
      subject: mail.subject,
      body: mail.text,
      link,
      // Somebody is waiting for it, like a reset link.
      priority: 'transactional',
      lane: userUuid,
    },
  ]);
}

/**
 * One's own save of a person record that holds the account's address (an admin's, area manager's or reseller's
 * profile, an installer's): `save` writes the record with the address it gets. A new address is not written: the
 * record and the account keep the old one and the new one gets a link to confirm it (requestEmailChange), so a
 * typo or a session left open cannot move the reset links elsewhere. An address another account logs in by is
 * refused all the same (400 on `email`).
 */
export async function saveOwnPerson(
  db: Db,
  form: z.ZodType,
  links: EmailLinks,
  account: { userUuid: string | null; stored: string; email: string },
  save: (tx: DbOrTx, email: string) => Promise<unknown>,
): Promise<void> {
  const wanted = normalizeLogin(account.email);
  const kept = normalizeLogin(account.stored);
  const { userUuid } = account;
  if (!userUuid || wanted === kept || wanted === '') {
    await savePersonAndAddress(db, form, { userUuid, email: wanted }, (tx) => save(tx, wanted));
    return;
  }
  if (await addressTakenFor(db, userUuid, wanted)) throw addressTakenError(form);
  await db.transaction().execute(async (tx) => {
    await save(tx, kept);
    await requestEmailChange(tx, links, userUuid, wanted);
  });
  links.onQueued?.();
}

/** The account stato the lists and forms show: 'none' for a person without an account. */
export const accountStatoOf = (stato: string | null | undefined): UserStato | 'none' =>
  stato === 'active' || stato === 'disabled' || stato === 'requested' ? stato : 'none';

/**
 * A person's save (an area manager's, a reseller's, an admin's own) and their account's address following it, in
 * one transaction; a taken address, found by the check or by the unique index, is the form's 400 on `email`.
 */
export async function savePersonAndAddress(
  db: Db,
  form: z.ZodType,
  account: { userUuid: string | null; email: string },
  save: (tx: DbOrTx) => Promise<unknown>,
): Promise<void> {
  await savingAddress(
    () =>
      db.transaction().execute(async (tx) => {
        await save(tx);
        await syncAccountEmail(tx, account.userUuid, account.email, form);
      }),
    form,
  );
}

/** Where a deletion reports the files it could not remove: the request's logger. */
export type WarnLog = { warn(obj: object, text: string): void };

/** The one signature of every DELETE of a person record: the row goes first, then its files. */
export type DeleteRecord = (db: Db, files: FileStore, viewer: Viewer, uuid: string, log: WarnLog) => Promise<void>;

/**
 * Deletes an area manager or a reseller: their row (deleteRow answers it, undefined when there was none: 404) and
 * the role of their account, then their files. The files after the commit: a file left behind is only disk space.
 */
export async function deletePersonWithAccount(
  db: Db,
  files: FileStore,
  person: { role: 'capoarea' | 'rivenditori'; uuid: string },
  deleteRow: (tx: DbOrTx) => Promise<{ user_uuid: string | null } | undefined>,
  log: WarnLog,
): Promise<void> {
  const deleted = await db.transaction().execute(async (tx) => {
    const row = await deleteRow(tx);
    if (row?.user_uuid) await users.removeAccountRole(tx, row.user_uuid, person.role);
    return row !== undefined;
  });
  if (!deleted) throw notFound();
  await files.deletePrefix(ownerPrefix(person.role, person.uuid)).catch((err: unknown) => {
    log.warn({ err, ...person }, 'file della persona eliminata non rimossi');
  });
}
