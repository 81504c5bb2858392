import { z } from 'zod';
import { roleSchema } from '../roles.ts';

/** GET /api/avatar: what the toolbar shows. stato and ccoupon only for installers. */
export const avatarReply = z.object({
  msgcount: z.number().int(),
  img: z.string(),
  name: z.string(),
  stato: z.string().optional(),
  ccoupon: z.number().int().optional(),
});
export type Avatar = z.infer<typeof avatarReply>;

/** GET /api/me: the mini profile card of the current user, whatever the role. */
export const meReply = z.object({
  uuid: z.string(),
  role: roleSchema,
  username: z.string(),
  name: z.string(),
  lastname: z.string(),
  ragsoc: z.string(),
  img: z.string(),
  tipo: z.string(),
  destipo: z.string(),
  email: z.string(),
  phone: z.string(),
  cell: z.string(),
  address: z.string(),
  city: z.string(),
  cap: z.string(),
  state: z.string(),
  certificato: z.boolean(),
});
export type Me = z.infer<typeof meReply>;

/** Errors always travel as {res:"KO", reason, fields?} (contract, HTTP conventions). */
export const errorReply = z.object({
  res: z.literal('KO'),
  reason: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorReply = z.infer<typeof errorReply>;
