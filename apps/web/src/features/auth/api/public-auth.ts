import { msg } from '@portal/shared/messages-it';
import { roles, type Role } from '@portal/shared/roles';
import type { LoginBody, ResetPasswordBody, ResetRequestBody } from '@portal/shared/schemas/auth-forms';

/**
 * The calls of the public screens (Session), with fetch alone: the login page does without the
 * role areas' API client, TanStack Query and zod classic (docs/decisions/0008). Replies are read defensively, as
 * the API client reads them: anything unexpected is a failure with an Italian reason.
 */
export class PublicCallError extends Error {
  readonly fields: Readonly<Record<string, string>>;
  constructor(reason: string, fields: Record<string, string> = {}) {
    super(reason);
    this.name = 'PublicCallError';
    this.fields = fields;
  }
}

const networkFailure = 'Impossibile contattare il server, controlla la connessione';

type Reply = { status: number; data: Record<string, unknown> };

async function call(method: 'GET' | 'POST', path: string, body?: object): Promise<Reply> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: method === 'POST' ? { Accept: 'application/json', 'Content-Type': 'application/json' } : {},
      ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
    });
  } catch {
    throw new PublicCallError(networkFailure);
  }
  let data: unknown = null;
  try {
    data = await response.json();
  } catch {
    // An empty or non-JSON body: judged by the status below.
  }
  const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  if (!response.ok) {
    const reason = typeof record['reason'] === 'string' ? record['reason'] : msg.erroreInterno;
    const fields = typeof record['fields'] === 'object' && record['fields'] !== null ? record['fields'] : {};
    throw new PublicCallError(reason, fields as Record<string, string>);
  }
  return { status: response.status, data: record };
}

const rolesOf = (value: unknown): Role[] => (Array.isArray(value) ? roles.filter((role) => value.includes(role)) : []);

/** GET /auth/check: the session's roles, [] when logged out or when the server cannot say. */
export async function checkSession(): Promise<Role[]> {
  try {
    return rolesOf((await call('GET', '/auth/check')).data['role']);
  } catch {
    return [];
  }
}

/** POST /auth/login: the roles of the new session, or null for 'Login errata'. */
export async function login(body: LoginBody): Promise<Role[] | null> {
  const { data } = await call('POST', '/auth/login', body);
  return data['res'] === 'OK' ? rolesOf(data['role']) : null;
}

/** POST /auth/resetpassword {user}: always OK, so nobody learns whether the user exists. */
export async function requestPasswordReset(body: ResetRequestBody): Promise<void> {
  await call('POST', '/auth/resetpassword', body);
}

/**
 * POST /auth/resetpwd {pid, ppwd}: true when the password is set, false for a link that is unknown, used or
 * expired ('Errore sessione'). A password the server refuses throws, with the reason in fields.ppwd.
 */
export async function resetPassword(body: ResetPasswordBody): Promise<boolean> {
  return (await call('POST', '/auth/resetpwd', body)).data['res'] === 'OK';
}
