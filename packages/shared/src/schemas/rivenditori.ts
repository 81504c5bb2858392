import { z } from 'zod';
import { resellerRules } from '../validation/profile-rules.ts';
import { rulesCheck } from '../validation/rules.ts';
import {
  ADDRESS_MAX,
  capText,
  CODE_MAX,
  EMAIL_MAX,
  NAME_MAX,
  phoneText,
  provinceFilter,
  provinceList,
  provinceOrEmpty,
  taxIdText,
  text,
  uuidOrEmpty,
} from './fields.ts';
import { pagedReply, pagingQuery } from './paging.ts';
import { accountStato } from './posatori.ts';

/**
 * GET /api/rivenditori (admin: every reseller; area manager: their reach) and /api/rivenditori_ca (area manager
 * only). name: part of the company name or of "name lastname"; code: part of the code; state: a province sigla
 * matching the address or the provinces served. Ordered by company name, then lastname.
 */
export const rivenditoriQuery = pagingQuery.extend({
  name: text(NAME_MAX).optional(),
  code: text(CODE_MAX).optional(),
  state: provinceFilter.optional(),
});
export type RivenditoriQuery = z.infer<typeof rivenditoriQuery>;

/** One row of the reseller lists; stato is the account's (see accountStato). */
export const rivenditoreRow = z.object({
  uuid: z.string(),
  img: z.string(),
  ragsoc: z.string(),
  name: z.string(),
  lastname: z.string(),
  prov: z.string(),
  code: z.string(),
  stato: accountStato,
});
export type RivenditoreRow = z.infer<typeof rivenditoreRow>;

export const rivenditoriPage = pagedReply(rivenditoreRow);
export type RivenditoriPage = z.infer<typeof rivenditoriPage>;

/**
 * POST /api/rivenditore/{id} (save) and POST /api/riventitore (create), admin only: the full record. Other keys
 * (uuid, username, img, stato) are ignored; capoarea is an area manager uuid (/api/cbocapoarea) or ''.
 */
export const rivenditoreSaveBody = z.object({
  ragsoc: text(NAME_MAX),
  code: text(CODE_MAX),
  name: text(NAME_MAX),
  lastname: text(NAME_MAX),
  piva: taxIdText,
  codfis: taxIdText,
  address: text(ADDRESS_MAX),
  city: text(NAME_MAX),
  cap: capText,
  state: provinceOrEmpty,
  phone: phoneText,
  cell: phoneText,
  email: text(EMAIL_MAX),
  website: text(ADDRESS_MAX),
  capoarea: uuidOrEmpty,
  provs: provinceList,
});
export type RivenditoreSaveBody = z.infer<typeof rivenditoreSaveBody>;

/** The reseller form: the record with resellerRules; a failure reads 'Errore: {reason}'. */
export const rivenditoreForm = rivenditoreSaveBody.check(rulesCheck(resellerRules));

/** The reseller's own profile (POST /api/myprofile): code, area manager and provinces are the admin's to set. */
export const rivenditoreOwnBody = rivenditoreSaveBody.omit({ code: true, capoarea: true, provs: true });
export type RivenditoreOwnBody = z.infer<typeof rivenditoreOwnBody>;
export const rivenditoreOwnForm = rivenditoreOwnBody.check(rulesCheck(resellerRules));

/** GET /api/rivenditore/{id}: the record. username is read-only ('' without an account). */
export const rivenditoreProfile = z.object({
  uuid: z.string(),
  ragsoc: z.string(),
  code: z.string(),
  name: z.string(),
  lastname: z.string(),
  piva: z.string(),
  codfis: z.string(),
  address: z.string(),
  city: z.string(),
  cap: z.string(),
  state: z.string(),
  phone: z.string(),
  cell: z.string(),
  email: z.string(),
  website: z.string(),
  username: z.string(),
  capoarea: z.string(),
  provs: z.array(z.string()),
  img: z.string(),
  stato: accountStato,
});
export type RivenditoreProfile = z.infer<typeof rivenditoreProfile>;
