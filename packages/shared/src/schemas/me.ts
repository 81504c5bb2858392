import { z } from 'zod';
import { roleSchema } from './auth.ts';
import { adminProfileRules } from '../validation/profile-rules.ts';
import { rulesCheck } from '../validation/rules.ts';
import { capoareaProfile } from './capoarea.ts';
import { EMAIL_MAX, NAME_MAX, phoneText, text } from './fields.ts';
import { accountStato } from './posatori.ts';
import { rivenditoreProfile } from './rivenditori.ts';

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
  /**
   * The installer's err1: what keeps their profile from OK, in plain Italian, or '' when it is OK
   * (and for the other roles).
   */
  err1: z.string(),
});
export type Me = z.infer<typeof meReply>;

/** The admin's own record (GET /api/myprofile for an admin). username and stato are read-only. */
export const adminProfile = z.object({
  uuid: z.string(),
  name: z.string(),
  lastname: z.string(),
  email: z.string(),
  phone: z.string(),
  img: z.string(),
  username: z.string(),
  stato: accountStato,
});
export type AdminProfile = z.infer<typeof adminProfile>;

/** POST /api/myprofile for an admin. */
export const adminProfileBody = z.object({
  name: text(NAME_MAX),
  lastname: text(NAME_MAX),
  email: text(EMAIL_MAX),
  phone: phoneText,
});
export type AdminProfileBody = z.infer<typeof adminProfileBody>;
export const adminProfileForm = adminProfileBody.check(rulesCheck(adminProfileRules));

/**
 * GET /api/myprofile: the current user's own record, by the role they land in (role tells which shape).
 * POST /api/myprofile takes the matching body: adminProfileForm, capoareaOwnForm or rivenditoreOwnForm.
 * Installers keep /api/posatori/{uuid} (their uuid is in /api/me).
 */
export const myProfileReply = z.discriminatedUnion('role', [
  adminProfile.extend({ role: z.literal('admin') }),
  capoareaProfile.extend({ role: z.literal('capoarea') }),
  rivenditoreProfile.extend({ role: z.literal('rivenditori') }),
]);
export type MyProfile = z.infer<typeof myProfileReply>;
