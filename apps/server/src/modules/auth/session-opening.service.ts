import type { Role } from '@portal/shared/roles';
import type { Db } from '../../db/database.ts';
import { addMinutes, nowIso } from '../../lib/clock.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import * as sessions from './sessions.repository.ts';

export type SessionSettings = { idleMinutes: number; absoluteHours: number };

/** Where the browser is: its address and user agent, and the hash of the session cookie it sent, if any. */
export type Client = { ip: string; userAgent: string; previousSession?: string };

/**
 * A new session for the account, and its cookie token. Whatever session that browser had before ends (session
 * fixation: no session survives a login).
 */
export async function openSession(
  db: Db,
  settings: SessionSettings,
  s: { userUuid: string; roles: readonly Role[]; client: Client },
): Promise<string> {
  const now = nowIso();
  if (s.client.previousSession) await sessions.deleteSession(db, s.client.previousSession);
  const token = randomToken(32);
  await sessions.insertSession(db, {
    id: sha256(token),
    userUuid: s.userUuid,
    roles: s.roles,
    now,
    expiresAt: addMinutes(now, settings.idleMinutes),
    absoluteExpiresAt: addMinutes(now, settings.absoluteHours * 60),
    ip: s.client.ip,
    userAgent: s.client.userAgent.slice(0, 300),
  });
  return token;
}

export function createSessionService(db: Db, settings: SessionSettings) {
  /** Extends the idle expiry, never past the absolute lifetime. */
  async function renew(sessionId: string, absoluteExpiresAt: string): Promise<void> {
    const now = nowIso();
    const idle = addMinutes(now, settings.idleMinutes);
    await sessions.extendSession(db, sessionId, now, idle < absoluteExpiresAt ? idle : absoluteExpiresAt);
  }

  async function logout(sessionId: string): Promise<void> {
    await sessions.deleteSession(db, sessionId);
  }

  return { renew, logout };
}
