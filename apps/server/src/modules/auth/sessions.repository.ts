import type { Role } from '@portal/shared/roles';
import { roleSchema } from '@portal/shared/schemas/auth';
import type { DbOrTx } from '../../db/database.ts';
import { rowsByKeys } from '../../lib/rows-by-keys.ts';
import type { SessionStage } from './auth.table.ts';

/** Login sessions: one row per logged-in browser, with a copy of its account's roles. */

const knownRoles = (names: readonly string[]): Role[] =>
  names.flatMap((name) => {
    const role = roleSchema.safeParse(name);
    return role.success ? [role.data] : [];
  });

/** The roles an account holds now: a new session carries them. */
export async function rolesOf(db: DbOrTx, userUuid: string): Promise<Role[]> {
  const rows = await db.selectFrom('user_roles').select('role').where('user_uuid', '=', userUuid).execute();
  return knownRoles(rows.map((r) => r.role));
}

export async function insertSession(
  db: DbOrTx,
  s: {
    id: string;
    userUuid: string;
    roles: readonly Role[];
    stage: SessionStage;
    now: string;
    expiresAt: string;
    absoluteExpiresAt: string;
    ip: string;
    userAgent: string;
  },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: s.id,
      user_uuid: s.userUuid,
      roles: s.roles.join(','),
      stage: s.stage,
      created_at: s.now,
      last_seen_at: s.now,
      expires_at: s.expiresAt,
      absolute_expires_at: s.absoluteExpiresAt,
      ip: s.ip,
      user_agent: s.userAgent,
    })
    .execute();
}

/**
 * A session counts only while both expiries are ahead and the account is active. Every /api and /auth request
 * reads it, so it is one statement by primary keys, compiled once: the session by its id (with the roles it
 * carries), its account by uuid for the username and the active check.
 */
const liveSessions = rowsByKeys((db, ids, { now }: { now: string }) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.uuid', 'sessions.user_uuid')
    .select([
      'sessions.id',
      'sessions.user_uuid',
      'sessions.absolute_expires_at',
      'sessions.roles',
      'sessions.stage',
      'users.username',
    ])
    .where('sessions.id', 'in', ids)
    .where('sessions.expires_at', '>', now)
    .where('sessions.absolute_expires_at', '>', now)
    .where('users.stato', '=', 'active'),
);

export async function findLiveSession(db: DbOrTx, id: string, now: string) {
  const [row] = await liveSessions(db, [id], { now });
  if (!row) return undefined;
  return {
    sessionId: row.id,
    userUuid: row.user_uuid,
    username: row.username,
    absoluteExpiresAt: row.absolute_expires_at,
    stage: row.stage,
    roles: knownRoles(row.roles === '' ? [] : row.roles.split(',')),
  };
}

/** Copies the account's roles into its live sessions: whoever grants or takes a role calls it in the same transaction. */
export async function setSessionRoles(db: DbOrTx, userUuid: string): Promise<void> {
  const roles = await rolesOf(db, userUuid);
  // A session waiting for a second factor or an enrolment gets its roles only when that is done.
  await db
    .updateTable('sessions')
    .set({ roles: roles.join(',') })
    .where('user_uuid', '=', userUuid)
    .where('stage', '=', 'full')
    .execute();
}

export async function extendSession(db: DbOrTx, id: string, now: string, expiresAt: string): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now, expires_at: expiresAt }).where('id', '=', id).execute();
}

export async function deleteSession(db: DbOrTx, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

export async function deleteUserSessions(db: DbOrTx, userUuid: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_uuid', '=', userUuid).execute();
}

export async function deleteExpiredSessions(db: DbOrTx, now: string): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('absolute_expires_at', '<=', now)]))
    .execute();
}

/**
 * Which of these sessions are still live, by the rule of findLiveSession (both expiries ahead, the account active,
 * the second factor done): the live-update streams check theirs with it (modules/events).
 */
export async function liveSessionIds(db: DbOrTx, ids: readonly string[], now: string): Promise<Set<string>> {
  const live = new Set<string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('sessions')
      .innerJoin('users', 'users.uuid', 'sessions.user_uuid')
      .select('sessions.id')
      .where('sessions.id', 'in', ids.slice(i, i + 500))
      .where('sessions.stage', '=', 'full')
      .where('sessions.expires_at', '>', now)
      .where('sessions.absolute_expires_at', '>', now)
      .where('users.stato', '=', 'active')
      .execute();
    for (const r of rows) live.add(r.id);
  }
  return live;
}
