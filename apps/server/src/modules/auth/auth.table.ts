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

export type AuthTables = {
  users: UsersTable;
  user_logins: UserLoginsTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  password_resets: PasswordResetsTable;
};
