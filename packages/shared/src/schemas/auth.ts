import { z } from 'zod';
import { roles } from '../roles.ts';

export const roleSchema = z.enum(roles);

/**
 * 'OK' with the session's roles: logged in (the login, or its second step POST /auth/2fa/verify).
 * '2FA': the password was right, the account's second factor comes next (POST /auth/2fa/verify); 'ENROL': the
 * account's role requires a second factor it has not set up yet (POST /auth/2fa/setup, then enable). Neither logs in.
 */
export const loggedInReply = z.object({ res: z.literal('OK'), role: z.array(roleSchema) });
export const loginReply = z.union([
  loggedInReply,
  z.object({ res: z.literal('KO') }),
  z.object({ res: z.literal('2FA') }),
  z.object({ res: z.literal('ENROL') }),
]);
export type LoginReply = z.infer<typeof loginReply>;

export const checkReply = z.object({ role: z.array(roleSchema) });
export type CheckReply = z.infer<typeof checkReply>;

/** POST /auth/admin/resetpassword: user is the uuid of the person (installer, area manager, reseller). */
export const adminResetBody = z.object({ user: z.uuid() });

export const okReply = z.object({ res: z.literal('OK') });
export const resultReply = z.object({
  res: z.enum(['OK', 'KO']),
  reason: z.string().optional(),
});

/** A create (POST .../nuovo, POST /api/capoarea, POST /api/riventitore): the new row's uuid. */
export const createdReply = z.object({ res: z.literal('OK'), uuid: z.string() });
export type CreatedReply = z.infer<typeof createdReply>;
