import type { Role } from '@portal/shared/roles';
import type { Db } from '../../db/database.ts';
import { addMinutes, nowIso } from '../../lib/clock.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import type { SessionStage } from './auth.table.ts';
import { recordAudit } from '../audit/audit.service.ts';
import * as sessions from './sessions.repository.ts';
import { announce } from '../events/events.service.ts';

export type SessionSettings = { idleMinutes: number; absoluteHours: number };

/** Where the browser is: its address and user agent, and the hash of the session cookie it sent, if any. */
export type Client = { ip: string; userAgent: string; previousSession?: string };

/**
 * A new session for the account, and its cookie token. Whatever session that browser had before ends (session
 * fixation: no session survives a login, nor the step from the password to the second factor). A stage other
 * than 'full' makes a session without roles that logs nobody in: the step between the password and the code, or
 * the enrolment the account's role requires first (docs/decisions/0024).
 */
export async function openSession(
  db: Db,
  settings: SessionSettings,
  s: { userUuid: string; roles: readonly Role[]; stage?: SessionStage; client: Client },
): Promise<string> {
  const now = nowIso();
  if (s.client.previousSession) await sessions.deleteSession(db, s.client.previousSession);
  const token = randomToken(32);
  const stage = s.stage ?? 'full';
  const full = stage === 'full';
  await sessions.insertSession(db, {
    id: sha256(token),
    userUuid: s.userUuid,
    roles: full ? s.roles : [],
    stage,
    now,
    expiresAt: addMinutes(now, full ? settings.idleMinutes : PENDING_MINUTES),
    absoluteExpiresAt: addMinutes(now, full ? settings.absoluteHours * 60 : PENDING_MINUTES),
    ip: s.client.ip,
    userAgent: s.client.userAgent.slice(0, 300),
  });
  return token;
}

/** A half-open session (password given, code or enrolment to come) lasts 10 minutes and is not renewed. */
const PENDING_MINUTES = 10;

export function createSessionService(db: Db, settings: SessionSettings) {
  /** Extends the idle expiry, never past the absolute lifetime. */
  async function renew(sessionId: string, absoluteExpiresAt: string): Promise<void> {
    const now = nowIso();
    const idle = addMinutes(now, settings.idleMinutes);
    await sessions.extendSession(db, sessionId, now, idle < absoluteExpiresAt ? idle : absoluteExpiresAt);
  }

  async function logout(sessionId: string, userUuid: string): Promise<void> {
    await sessions.deleteSession(db, sessionId);
    // The session's live-update streams end, on whichever instance holds them.
    await announce(db, 'session', [userUuid]);
    await recordAudit(db, { actor: userUuid, action: 'logout', entity: 'utente', entityId: userUuid });
  }

  return { renew, logout };
}
