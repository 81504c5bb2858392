import { msg } from '@portal/shared/messages-it';
import { roles, type Role } from '@portal/shared/roles';
import type {
  LoginBody,
  ResetPasswordBody,
  ResetRequestBody,
  TwoFactorCodeBody,
} from '@portal/shared/schemas/auth-forms';

/**
 * The calls of the public screens (Session), with fetch alone: the login page does without the
 * role areas' API client, TanStack Query and zod classic (docs/decisions/0008). Replies are read defensively, as
 * the API client reads them: anything unexpected is a failure with an Italian reason.
 */
export class PublicCallError extends Error {
  readonly fields: Readonly<Record<string, string>>;
  /** No answer at all: offline, or the server down. */
  readonly unreachable: boolean;
  constructor(reason: string, fields: Record<string, string> = {}, unreachable = false) {
    super(reason);
    this.name = 'PublicCallError';
    this.fields = fields;
    this.unreachable = unreachable;
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
    throw new PublicCallError(networkFailure, {}, true);
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
  return (await reachSession()) ?? [];
}

/** GET /auth/check, telling apart the server unreachable (null: offline) from an answer ([] when logged out). */
export async function reachSession(): Promise<Role[] | null> {
  try {
    return rolesOf((await call('GET', '/auth/check')).data['role']);
  } catch (error) {
    return error instanceof PublicCallError && error.unreachable ? null : [];
  }
}

/**
 * What POST /auth/login answered: logged in with these roles; 'Login errata'; the password was right and the
 * second factor's code comes next; or the account's role needs a second factor set up first.
 */
export type LoginResult = { roles: Role[] } | 'KO' | '2FA' | 'ENROL';

export async function login(body: LoginBody): Promise<LoginResult> {
  const { data } = await call('POST', '/auth/login', body);
  if (data['res'] === 'OK') return { roles: rolesOf(data['role']) };
  return data['res'] === '2FA' || data['res'] === 'ENROL' ? data['res'] : 'KO';
}

/** POST /auth/2fa/verify {code}: the roles of the session the code opens; a wrong code throws its reason. */
export async function verifyLoginCode(body: TwoFactorCodeBody): Promise<Role[]> {
  return rolesOf((await call('POST', '/auth/2fa/verify', body)).data['role']);
}

export type TwoFactorSetup = { secret: string; otpauthUrl: string; qr: string };

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** POST /auth/2fa/setup: a new secret, its otpauth:// address and QR code (a PNG data URL). */
export async function setupTwoFactor(): Promise<TwoFactorSetup> {
  const { data } = await call('POST', '/auth/2fa/setup', {});
  return { secret: text(data['secret']), otpauthUrl: text(data['otpauthUrl']), qr: text(data['qr']) };
}

/** POST /auth/2fa/enable {code}: the recovery codes; from an enrolment session it also logs the browser in. */
export async function enableTwoFactor(body: TwoFactorCodeBody): Promise<string[]> {
  const codes = (await call('POST', '/auth/2fa/enable', body)).data['recoveryCodes'];
  return Array.isArray(codes) ? codes.map(text) : [];
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

/**
 * POST /auth/email/confirm {token}: the link of an own change of address. Throws with the server's Italian reason
 * for a link that is unknown, used, replaced or expired, or an address another account took meanwhile.
 */
export async function confirmEmailChange(token: string): Promise<void> {
  await call('POST', '/auth/email/confirm', { token });
}
