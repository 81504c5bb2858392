import type { Generated } from 'kysely';

/** Account status: active = Attivo, disabled = Disattivato, requested = Richiesta Inviata. */
export type UserStato = 'active' | 'disabled' | 'requested';

export interface UsersTable {
  uuid: string;
  /** Stored lower-case; login compares case-insensitively. */
  username: string;
  email: string;
  password_hash: string | null;
  stato: UserStato;
  created_at: string;
  updated_at: string;
}

/**
 * Every name an account logs in by, once across all accounts: its username and its e-mail address (migration
 * 2026-11-26-19, decision record 0022). Kept in step by users.repository with every write of users.username or
 * users.email; its primary key is what refuses an address to a second account, two saves at once included.
 */
export interface UserLoginsTable {
  login: string;
  user_uuid: string;
}

export interface UserRolesTable {
  user_uuid: string;
  role: string;
}

export interface SessionsTable {
  /** sha256 of the cookie token: a stolen database row cannot be replayed as a cookie. */
  id: string;
  user_uuid: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  absolute_expires_at: string;
  ip: string;
  user_agent: string;
  /** The account's roles, comma-separated: a copy kept in step by sessions.repository (setSessionRoles). */
  roles: string;
  /**
   * 'full' logs the account in; '2fa' waits for the second factor's code, 'enrol' for the enrolment the account's
   * role requires: those two carry no roles and reach only the /auth/2fa endpoints (docs/decisions/0024).
   */
  stage: Generated<SessionStage>;
}

export type SessionStage = 'full' | '2fa' | 'enrol';

/** An account's TOTP second factor: enabled once a code from the authenticator confirmed the secret. */
export interface TwoFactorTable {
  user_uuid: string;
  /** Base32; never sent again after the enrolment that showed it, never logged. */
  secret: string;
  created_at: string;
  enabled_at: string | null;
  /** The RFC 6238 time step of the last code accepted: a code is good once. */
  last_step: Generated<number>;
}

/** The single-use recovery codes given at enrolment, as their SHA-256. */
export interface RecoveryCodesTable {
  code_hash: string;
  user_uuid: string;
  used_at: string | null;
}

export interface LoginFailuresTable {
  uuid: string;
  /** 'u:<account uuid>|<address>', 'u:?<typed name>|<address>' (no such account) or 'ip:<address>' */
  key: string;
  at: string;
}

export interface PasswordResetsTable {
  uuid: string;
  token_hash: string;
  user_uuid: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/**
 * A person's own change of their e-mail, waiting for the link sent to the new address (24 hours, once). Stored as
 * the token's hash; used_at is set when it is used or replaced by a newer request.
 */
export interface EmailChangesTable {
  uuid: string;
  token_hash: string;
  user_uuid: string;
  email: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export type AuthTables = {
  users: UsersTable;
  user_logins: UserLoginsTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  password_resets: PasswordResetsTable;
  two_factor: TwoFactorTable;
  recovery_codes: RecoveryCodesTable;
  email_changes: EmailChangesTable;
};
