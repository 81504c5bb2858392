import * as z from 'zod/mini';
import { msg } from '../messages-it.ts';

/**
 * The public screens' forms and the routes that receive them (login, recover, reset). Written with zod/mini, which
 * the server's type provider reads like any other schema (zod/v4/core), so the login page validates with the very
 * schemas of its routes for a few kB instead of the whole of zod (docs/decisions/0008).
 */

/** Limits: passwords 8..128 characters; user names and e-mail addresses up to 100. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const userName = z.string().check(z.trim(), z.minLength(1, msg.campoObbligatorio), z.maxLength(100));

export const loginBody = z.object({
  user: userName,
  pwd: z.string().check(z.minLength(1, msg.campoObbligatorio), z.maxLength(PASSWORD_MAX)),
});
export type LoginBody = z.infer<typeof loginBody>;

export const resetRequestBody = z.object({ user: userName });
export type ResetRequestBody = z.infer<typeof resetRequestBody>;

export const newPassword = z
  .string()
  .check(z.minLength(PASSWORD_MIN, msg.passwordTroppoCorta), z.maxLength(PASSWORD_MAX, msg.passwordTroppoLunga));

/** POST /auth/resetpwd: pid is the request id from the e-mail link, ppwd the new password. */
export const resetPasswordBody = z.object({
  pid: z.string().check(z.minLength(1), z.maxLength(200)),
  ppwd: newPassword,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/** The /resetpwd/{req} form: the two entries must match before anything is sent. */
export const resetPasswordForm = z
  .object({ pwd: newPassword, confirm: z.string() })
  .check(z.refine((v) => v.pwd === v.confirm, { message: msg.passwordNonCoincidono, path: ['confirm'] }));
export type ResetPasswordForm = z.infer<typeof resetPasswordForm>;

// Two-factor login (docs/decisions/0024): the login's second step is a public screen too.

/** A 6-digit TOTP code, or a recovery code (letters and digits, dashes and spaces ignored). */
export const twoFactorCode = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, msg.campoObbligatorio),
    z.maxLength(40, msg.codiceFormato),
    z.regex(/^[0-9A-Za-z\s-]+$/, msg.codiceFormato),
  );

/** POST /auth/2fa/enable and /auth/2fa/verify. */
export const twoFactorCodeBody = z.object({ code: twoFactorCode });
export type TwoFactorCodeBody = z.infer<typeof twoFactorCodeBody>;

/** POST /auth/2fa/disable: the password and a code, so a session left open cannot switch it off. */
export const twoFactorDisableBody = z.object({
  pwd: z.string().check(z.minLength(1, msg.campoObbligatorio), z.maxLength(PASSWORD_MAX)),
  code: twoFactorCode,
});
export type TwoFactorDisableBody = z.infer<typeof twoFactorDisableBody>;

/** The first message for each field of a failed parse: what the form shows under each input. */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    fields[key] ??= issue.message;
  }
  return fields;
}
