import type { Role } from '@portal/shared/roles';
import { normalizeLogin } from '@portal/shared/validation/common';
import type { Db } from '../../db/database.ts';
import { addMinutes, nowIso } from '../../lib/clock.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import type { UsageRecorder } from '../usage-statistics/usage-statistics.service.ts';
import { openSession, type Client, type SessionSettings } from './session-opening.service.ts';
import type { SessionStage } from './auth.table.ts';
import { recordAudit } from '../audit/audit.service.ts';
import * as sessions from './sessions.repository.ts';
import * as throttles from './throttles.repository.ts';
import * as users from './users.repository.ts';

/**
 * 10 failures in 15 minutes for one account from one client address, or 50 from one address, and further attempts
 * from there are refused (docs/decisions/0003).
 */
export const THROTTLE = { windowMinutes: 15, perUser: 10, perAddress: 50 } as const;

export type LoginDeps = {
  db: Db;
  session: SessionSettings;
  /** Counts the login for the usage statistics; never fails it. */
  usage: UsageRecorder;
  /** What a right password opens for the account: a full session, or a second factor or an enrolment first. */
  stageAfterPassword: (userUuid: string, roles: readonly Role[]) => Promise<SessionStage>;
};

/** stage 'full' is logged in with the roles; '2fa' and 'enrol' hold a session that only reaches /auth/2fa. */
export type LoginOutcome = { ok: true; token: string; roles: Role[]; stage: SessionStage } | { ok: false };

/**
 * Throttling keys. Failures count per account and client address (an attacker at one address cannot lock the owner
 * out at another), whatever name was typed (username and e-mail reach the same account, so they share one budget);
 * per typed name and address when no account has it, so a name that exists and one that does not behave alike.
 */
const loginKey = (account: { uuid: string } | undefined, typed: string, ip: string) =>
  account ? throttles.accountFailureKey(account.uuid, ip) : `u:?${normalizeLogin(typed)}|${ip}`;

export function createLoginService(deps: LoginDeps) {
  const { db } = deps;

  async function login(user: string, pwd: string, client: Client): Promise<LoginOutcome> {
    const now = nowIso();
    const since = addMinutes(now, -THROTTLE.windowMinutes);
    const account = await users.findUserByLogin(db, user);
    const userKey = loginKey(account, user, client.ip);
    const ipKey = `ip:${client.ip}`;
    const [userFailures, ipFailures] = await Promise.all([
      throttles.countFailures(db, userKey, since),
      throttles.countFailures(db, ipKey, since),
    ]);
    // The password is checked even when throttled or unknown: the answer and its timing reveal nothing.
    const passwordOk = await verifyPassword(account?.password_hash ?? null, pwd);
    // An attempt refused by a lock is not counted: counting it would let anyone hold the lock for ever.
    if (userFailures >= THROTTLE.perUser || ipFailures >= THROTTLE.perAddress) return { ok: false };
    const roles = account && passwordOk ? await sessions.rolesOf(db, account.uuid) : [];
    if (!account || !passwordOk || account.stato !== 'active' || roles.length === 0) {
      await throttles.recordFailure(db, userKey, now);
      await throttles.recordFailure(db, ipKey, now);
      // The typed name is not kept: people type their password in it by mistake.
      const who = account?.uuid ?? null;
      await recordAudit(db, { actor: who, action: 'login-fallito', entity: 'utente', entityId: who ?? '' });
      return { ok: false };
    }
    const stage = await deps.stageAfterPassword(account.uuid, roles);
    // Failures are forgotten once the login is complete: a right password alone would otherwise reset the budget
    // of wrong codes that follows it.
    if (stage !== '2fa') await throttles.clearFailures(db, userKey);
    const token = await openSession(db, deps.session, { userUuid: account.uuid, roles, stage, client });
    if (stage === 'full') {
      await recordAudit(db, { actor: account.uuid, action: 'login', entity: 'utente', entityId: account.uuid });
      await deps.usage('login', { userUuid: account.uuid, roles });
    }
    return { ok: true, token, roles: stage === 'full' ? roles : [], stage };
  }

  return { login };
}
