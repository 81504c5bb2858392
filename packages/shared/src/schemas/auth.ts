import { z } from 'zod';
import { roles } from '../roles.ts';

export const roleSchema = z.enum(roles);

export const loginReply = z.union([
  z.object({ res: z.literal('OK'), role: z.array(roleSchema) }),
  z.object({ res: z.literal('KO') }),
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
