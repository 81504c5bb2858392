import { z } from 'zod';
import { msg } from '../messages-it.ts';
import { roleSchema } from '../roles.ts';

/** Contract limits: passwords 8..128 characters; user names and e-mail addresses up to 100. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const loginBody = z.object({
  user: z.string().trim().min(1, msg.campoObbligatorio).max(100),
  pwd: z.string().min(1, msg.campoObbligatorio).max(PASSWORD_MAX),
});
export type LoginBody = z.infer<typeof loginBody>;

export const loginReply = z.union([
  z.object({ res: z.literal('OK'), role: z.array(roleSchema) }),
  z.object({ res: z.literal('KO') }),
]);
export type LoginReply = z.infer<typeof loginReply>;

export const checkReply = z.object({ role: z.array(roleSchema) });
export type CheckReply = z.infer<typeof checkReply>;

export const resetRequestBody = z.object({
  user: z.string().trim().min(1, msg.campoObbligatorio).max(100),
});

export const newPassword = z
  .string()
  .min(PASSWORD_MIN, msg.passwordTroppoCorta)
  .max(PASSWORD_MAX, msg.passwordTroppoLunga);

/** POST /auth/resetpwd: pid is the request id from the e-mail link, ppwd the new password. */
export const resetPasswordBody = z.object({
  pid: z.string().min(1).max(200),
  ppwd: newPassword,
});

/** The /resetpwd/{req} form: the two entries must match before anything is sent. */
export const resetPasswordForm = z
  .object({ pwd: newPassword, confirm: z.string() })
  .refine((v) => v.pwd === v.confirm, { message: msg.passwordNonCoincidono, path: ['confirm'] });
export type ResetPasswordForm = z.infer<typeof resetPasswordForm>;

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
