/** Account status (spec section 4): active = Attivo, disabled = Disattivato, requested = Richiesta Inviata. */
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
  /** The account's roles, comma-separated: a copy kept in step by auth.repository (setSessionRoles). */
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
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  password_resets: PasswordResetsTable;
};
