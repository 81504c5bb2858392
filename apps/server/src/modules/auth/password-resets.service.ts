import type { Role } from '@portal/shared/roles';
import { msg } from '@portal/shared/messages-it';
import { passwordProblem } from '@portal/shared/password-strength';
import { isValidEmail, normalizeLogin } from '@portal/shared/validation/common';
import type { Db } from '../../db/database.ts';
import type { Background } from '../../lib/background.ts';
import { addMinutes, nowIso } from '../../lib/clock.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { sendTransactional } from '../mail/mail-queue.ts';
import { newId, randomToken, sha256 } from '../../lib/tokens.ts';
import { HttpError, notFound } from '../../plugins/error-envelope.ts';
import { accountLinkMail, resetLink } from './account-mails.ts';
import { loginTaken } from './accounts.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import * as resetTokens from './reset-tokens.repository.ts';
import * as sessions from './sessions.repository.ts';
import { announce } from '../events/events.service.ts';
import * as throttles from './throttles.repository.ts';
import * as users from './users.repository.ts';

/** Self-service reset links live 1 hour; activation links sent by an admin to a new account live 72 hours. */
const RESET_MINUTES = 60;
export const ACTIVATION_MINUTES = 72 * 60;
const RESET_REQUESTS_PER_HOUR = 5;

export type ResetDeps = { db: Db; mailer: Mailer; background: Background; publicUrl: string };

/** A refused reset: the link (answered 'Errore sessione') or the new password (kept on the form, under the field). */
export type ResetOutcome = { ok: true } | { ok: false; reason: string; field?: 'ppwd' };

/** Reset requests count per account, or per typed name when no account has it, so both behave alike. */
const resetKey = (account: { uuid: string } | undefined, typed: string) =>
  account ? `r:${account.uuid}` : `r:?${normalizeLogin(typed)}`;

/** Password resets and activations: the self-service request, the link's form, the admin's send. */
export function createPasswordResetService(deps: ResetDeps) {
  const { db } = deps;

  /**
   * A new reset or activation link for the account, stored as its hash, and the e-mail that carries it: a
   * transactional mail, sent at once and kept in the queue until it is, so a mail server that is down loses nothing
   * (modules/mail/mail-queue.ts).
   */
  async function sendResetMail(to: string, userUuid: string, activation: boolean): Promise<void> {
    const now = nowIso();
    const token = randomToken(16);
    await resetTokens.insertReset(db, {
      tokenHash: sha256(token),
      userUuid,
      now,
      expiresAt: addMinutes(now, activation ? ACTIVATION_MINUTES : RESET_MINUTES),
    });
    const link = resetLink(deps.publicUrl, token);
    const { subject, text } = accountLinkMail(link, activation);
    await sendTransactional(db, deps.mailer, {
      uuid: `link:${newId()}`,
      to,
      subject,
      body: text,
      link,
      lane: userUuid,
    });
  }

  /**
   * POST /auth/resetpassword: always the same answer, and the same work on the request path whether or not the
   * account exists: one lookup, the hourly budget counted and charged (per account, or per typed name), and the
   * link and e-mail made after the reply, in the background. So neither the answer nor its timing tells.
   */
  async function requestReset(user: string): Promise<void> {
    const now = nowIso();
    const account = await users.findUserByLogin(db, user);
    const key = resetKey(account, user);
    const recent = await throttles.countFailures(db, key, addMinutes(now, -60));
    await throttles.recordFailure(db, key, now);
    if (!account || account.stato === 'disabled' || !account.email || recent >= RESET_REQUESTS_PER_HOUR) return;
    const { email, uuid } = account;
    deps.background.run('reset-mail', () => sendResetMail(email, uuid, false));
  }

  /**
   * POST /auth/resetpwd. The link first: unknown, used or expired is 'Errore sessione'. Then the password: a
   * refused one keeps the link valid and is answered on the field, so the person picks another on the same form.
   */
  async function resetPassword(pid: string, ppwd: string): Promise<ResetOutcome> {
    const now = nowIso();
    const tokenHash = sha256(pid);
    const linkOwner = await resetTokens.liveResetOwner(db, tokenHash, now);
    if (!linkOwner) return { ok: false, reason: msg.erroreSessione };
    const problem = passwordProblem(ppwd, await users.personalDataOf(db, linkOwner));
    if (problem) return { ok: false, reason: problem, field: 'ppwd' };
    const passwordHash = await hashPassword(ppwd);
    const userUuid = await db.transaction().execute(async (tx) => {
      const owner = await resetTokens.consumeReset(tx, tokenHash, now);
      if (!owner) return undefined;
      const before = await users.findUserByUuid(tx, owner);
      const action = before?.stato === 'requested' ? 'attivazione' : 'reset-password';
      await recordAudit(tx, { actor: owner, action, entity: 'utente', entityId: owner });
      await users.setPassword(tx, owner, passwordHash, now);
      await resetTokens.invalidateResets(tx, owner, now);
      await sessions.deleteUserSessions(tx, owner);
      await announce(tx, 'session', [owner]);
      // The owner proved they read the account's mailbox: whatever locked the account is over, at every address.
      await throttles.clearAccountFailures(tx, owner);
      return owner;
    });
    return userUuid ? { ok: true } : { ok: false, reason: msg.erroreSessione };
  }

  /**
   * Admin reset of a person's password: the same e-mail, as an activation when the account is not active.
   * A person without an account (an imported installer, say) gets one, named after their e-mail address.
   */
  async function adminReset(personUuid: string, actor: string): Promise<void> {
    const person = await users.findPerson(db, personUuid);
    if (!person) throw notFound();
    let account = person.userUuid ? await users.findUserByUuid(db, person.userUuid) : undefined;
    const email = normalizeLogin(account?.email || person.email);
    if (!email) throw new HttpError(400, msg.senzaEmail);
    if (!isValidEmail(email)) throw new HttpError(400, msg.emailDestinatarioNonValida);
    if (!account) {
      if (await users.loginInUse(db, email)) throw new HttpError(400, msg.utenteEsistente);
      const role: Role = person.table === 'admins' ? 'admin' : person.table === 'posatori' ? 'posatore' : person.table;
      const now = nowIso();
      const userUuid = await db
        .transaction()
        .execute(async (tx) => {
          const id = await users.insertUser(
            tx,
            { username: email, email, passwordHash: null, stato: 'requested', roles: [role] },
            now,
          );
          await users.linkPersonAccount(tx, person.table, person.uuid, id);
          return id;
        })
        .catch((err: unknown) => {
          // Another account took the address since the check above.
          if (loginTaken(err)) throw new HttpError(400, msg.utenteEsistente);
          throw err;
        });
      account = await users.findUserByUuid(db, userUuid);
    }
    if (!account) throw notFound();
    await sendResetMail(email, account.uuid, account.stato !== 'active');
    // The link sent: the reset itself is recorded when the person opens it (resetPassword).
    const action = account.stato !== 'active' ? 'attivazione' : 'reset-password';
    await recordAudit(db, { actor, action, entity: 'utente', entityId: account.uuid });
  }

  return { requestReset, resetPassword, adminReset };
}
