import type { Role } from '@portal/shared/roles';
import { msg } from '@portal/shared/messages-it';
import type { Db } from '../../db/database.ts';
import { addMinutes, nowIso } from '../../lib/clock.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { hashPassword, passwordProblem, verifyPassword } from '../../lib/passwords.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { HttpError, notFound } from '../../plugins/error-envelope.ts';
import * as repo from './auth.repository.ts';

/** Contract: 10 failures in 15 minutes for one user, or 50 from one address, and further attempts are refused. */
export const THROTTLE = { windowMinutes: 15, perUser: 10, perAddress: 50 } as const;
/** Self-service reset links live 1 hour; activation links sent by an admin to a new account live 72 hours. */
export const RESET_MINUTES = 60;
export const ACTIVATION_MINUTES = 72 * 60;
const RESET_REQUESTS_PER_HOUR = 5;

export type AuthDeps = {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  session: { idleMinutes: number; absoluteHours: number };
};

export type LoginOutcome = { ok: true; token: string; roles: Role[] } | { ok: false };

async function findAccount(db: Db, login: string) {
  const name = login.trim().toLowerCase();
  return (
    (await repo.findUserByUsername(db, name)) ??
    (name.includes('@') ? await repo.findUserByUniqueEmail(db, name) : undefined)
  );
}

export function createAuthService(deps: AuthDeps) {
  const { db } = deps;

  async function login(user: string, pwd: string, ip: string, userAgent: string): Promise<LoginOutcome> {
    const now = nowIso();
    const since = addMinutes(now, -THROTTLE.windowMinutes);
    const userKey = `u:${user.trim().toLowerCase()}`;
    const ipKey = `ip:${ip}`;
    const [userFailures, ipFailures] = await Promise.all([
      repo.countFailures(db, userKey, since),
      repo.countFailures(db, ipKey, since),
    ]);
    const account = await findAccount(db, user);
    // The password is checked even when throttled or unknown: the answer and its timing reveal nothing.
    const passwordOk = await verifyPassword(account?.password_hash ?? null, pwd);
    const throttled = userFailures >= THROTTLE.perUser || ipFailures >= THROTTLE.perAddress;
    const roles = account && passwordOk ? await repo.rolesOf(db, account.uuid) : [];
    if (!account || !passwordOk || throttled || account.stato !== 'active' || roles.length === 0) {
      await repo.recordFailure(db, userKey, now);
      await repo.recordFailure(db, ipKey, now);
      return { ok: false };
    }
    await repo.clearFailures(db, userKey);
    const token = randomToken(32);
    await repo.insertSession(db, {
      id: sha256(token),
      userUuid: account.uuid,
      now,
      expiresAt: addMinutes(now, deps.session.idleMinutes),
      absoluteExpiresAt: addMinutes(now, deps.session.absoluteHours * 60),
      ip,
      userAgent: userAgent.slice(0, 300),
    });
    return { ok: true, token, roles };
  }

  /** Extends the idle expiry, never past the absolute lifetime. */
  async function renew(sessionId: string, absoluteExpiresAt: string): Promise<void> {
    const now = nowIso();
    const idle = addMinutes(now, deps.session.idleMinutes);
    await repo.extendSession(db, sessionId, now, idle < absoluteExpiresAt ? idle : absoluteExpiresAt);
  }

  async function logout(sessionId: string): Promise<void> {
    await repo.deleteSession(db, sessionId);
  }

  async function sendResetMail(to: string, userUuid: string, activation: boolean): Promise<void> {
    const now = nowIso();
    const token = randomToken(16);
    await repo.insertReset(db, {
      tokenHash: sha256(token),
      userUuid,
      now,
      expiresAt: addMinutes(now, activation ? ACTIVATION_MINUTES : RESET_MINUTES),
    });
    const link = `${deps.publicUrl}/resetpwd/${token}`;
    const validity = activation ? '72 ore' : "un'ora";
    const subject = activation
      ? 'Portale Posatori - Attivazione account'
      : 'Portale Posatori - Reimpostazione password';
    const intro = activation
      ? 'è stato creato il tuo account sul Portale Posatori. Per attivarlo scegli la tua password aprendo questo link:'
      : 'abbiamo ricevuto una richiesta di reimpostazione della password del tuo account sul Portale Posatori. Per scegliere una nuova password apri questo link:';
    const text = [
      'Gentile utente,',
      '',
      intro,
      '',
      link,
      '',
      `Il link è valido ${validity} e può essere usato una sola volta.`,
      'Se non hai richiesto tu questa operazione puoi ignorare questa e-mail: la password attuale resta valida.',
      '',
      'Portale Posatori',
    ].join('\n');
    await deps.mailer.send({ to, subject, text, link });
  }

  /** Always the same answer, whether or not the user exists (the route replies OK in every case). */
  async function requestReset(user: string): Promise<void> {
    const account = await findAccount(db, user);
    if (!account || account.stato === 'disabled' || !account.email) return;
    const now = nowIso();
    const key = `r:${account.uuid}`;
    if ((await repo.countFailures(db, key, addMinutes(now, -60))) >= RESET_REQUESTS_PER_HOUR) return;
    await repo.recordFailure(db, key, now);
    await sendResetMail(account.email, account.uuid, false);
  }

  /** Sets the new password from a reset link; 'KO' with the reason when the link or the password is not good. */
  async function resetPassword(pid: string, ppwd: string): Promise<{ ok: true } | { ok: false; reason: string }> {
    const problem = passwordProblem(ppwd);
    if (problem) return { ok: false, reason: problem };
    const now = nowIso();
    const passwordHash = await hashPassword(ppwd);
    const userUuid = await db.transaction().execute(async (tx) => {
      const owner = await repo.consumeReset(tx, sha256(pid), now);
      if (!owner) return undefined;
      await repo.setPassword(tx, owner, passwordHash, now);
      await repo.invalidateResets(tx, owner, now);
      await repo.deleteUserSessions(tx, owner);
      return owner;
    });
    return userUuid ? { ok: true } : { ok: false, reason: msg.erroreSessione };
  }

  /**
   * Admin reset of a person's password: the same e-mail, as an activation when the account is not active.
   * A person without an account (an imported installer, say) gets one, named after their e-mail address.
   */
  async function adminReset(personUuid: string): Promise<void> {
    const person = await repo.findPerson(db, personUuid);
    if (!person) throw notFound();
    let account = person.userUuid ? await repo.findUserByUuid(db, person.userUuid) : undefined;
    const email = account?.email || person.email;
    if (!email) throw new HttpError(400, 'Il destinatario non ha un indirizzo email');
    if (!account) {
      if (await repo.loginInUse(db, email)) throw new HttpError(400, msg.utenteEsistente);
      const role: Role = person.table === 'admins' ? 'admin' : person.table === 'posatori' ? 'posatore' : person.table;
      const now = nowIso();
      const userUuid = await db.transaction().execute(async (tx) => {
        const id = await repo.insertUser(
          tx,
          { username: email, email, passwordHash: null, stato: 'requested', roles: [role] },
          now,
        );
        await repo.linkPersonAccount(tx, person.table, person.uuid, id);
        return id;
      });
      account = await repo.findUserByUuid(db, userUuid);
    }
    if (!account) throw notFound();
    await sendResetMail(email, account.uuid, account.stato !== 'active');
  }

  return { login, renew, logout, requestReset, resetPassword, adminReset };
}

export type AuthService = ReturnType<typeof createAuthService>;
