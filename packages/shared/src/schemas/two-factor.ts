import * as z from 'zod/mini';
import { msg } from '../messages-it.ts';
import { PASSWORD_MAX } from './auth-forms.ts';

/**
 * Two-factor login (docs/decisions/0023). Written with zod/mini like the other public forms: the login's second
 * step is on the public entry (docs/decisions/0008).
 */

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

/** POST /auth/2fa/setup: the new secret to type, the otpauth:// address, and its QR code as a PNG data URL. */
export const twoFactorSetupReply = z.object({ secret: z.string(), otpauthUrl: z.string(), qr: z.string() });
export type TwoFactorSetupReply = z.infer<typeof twoFactorSetupReply>;

/** POST /auth/2fa/enable: the ten single-use recovery codes, shown this once. */
export const twoFactorEnableReply = z.object({ res: z.literal('OK'), recoveryCodes: z.array(z.string()) });
export type TwoFactorEnableReply = z.infer<typeof twoFactorEnableReply>;

/** GET /auth/2fa: whether the logged-in account has a second factor, and whether its role must keep one. */
export const twoFactorStateReply = z.object({ enabled: z.boolean(), mandatory: z.boolean() });
export type TwoFactorState = z.infer<typeof twoFactorStateReply>;
