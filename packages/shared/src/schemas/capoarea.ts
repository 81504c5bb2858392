import { z } from 'zod';
import { areaManagerRules } from '../validation/profile-rules.ts';
import { rulesCheck } from '../validation/rules.ts';
import {
  ADDRESS_MAX,
  capText,
  EMAIL_MAX,
  NAME_MAX,
  phoneText,
  provinceFilter,
  provinceList,
  provinceOrEmpty,
  taxIdText,
  text,
} from './fields.ts';
import { pagedReply, pagingQuery } from './paging.ts';
import { accountStato } from './posatori.ts';

/**
 * GET /api/capoarea (admin): fname: part of the name (ragsoc, "name lastname" or "lastname name"); fstate: a
 * province sigla (options /api/liststates) matching the provinces of competence or the address. Paged.
 */
export const capoareaQuery = pagingQuery.extend({
  fname: text(NAME_MAX).optional(),
  fstate: provinceFilter.optional(),
});
export type CapoareaQuery = z.infer<typeof capoareaQuery>;

/**
 * One row of the area-manager list. ragsoc is the Nome column ("name lastname"); prov the province of the
 * address, provs the provinces of competence; stato the account's (active Attivo, disabled Disattivato,
 * requested Richiesta Inviata, none without an account).
 */
export const capoareaRow = z.object({
  uuid: z.string(),
  img: z.string(),
  ragsoc: z.string(),
  prov: z.string(),
  provs: z.array(z.string()),
  stato: accountStato,
});
export type CapoareaRow = z.infer<typeof capoareaRow>;

export const capoareaPage = pagedReply(capoareaRow);
export type CapoareaPage = z.infer<typeof capoareaPage>;

/**
 * POST /api/capoarea/{id} (save) and POST /api/capoarea (create), admin only: the full record as the form holds
 * it. Other keys (uuid, ragsoc, username, img, stato) are ignored: ragsoc becomes "name lastname", username is
 * the e-mail given at creation, stato changes only through POST /api/capoarea/{id}/stato.
 */
export const capoareaSaveBody = z.object({
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
  provs: provinceList,
});
export type CapoareaSaveBody = z.infer<typeof capoareaSaveBody>;

/** The area-manager form: the record with areaManagerRules; a failure reads 'Errore: {reason}'. */
export const capoareaForm = capoareaSaveBody.check(rulesCheck(areaManagerRules));

/** The area manager's own profile (POST /api/myprofile): the same rules; the provinces are the admin's to set. */
export const capoareaOwnBody = capoareaSaveBody.omit({ provs: true });
export type CapoareaOwnBody = z.infer<typeof capoareaOwnBody>;
export const capoareaOwnForm = capoareaOwnBody.check(rulesCheck(areaManagerRules));

/** GET /api/capoarea/{id}: the record. username is read-only ('' without an account). */
export const capoareaProfile = z.object({
  uuid: z.string(),
  name: z.string(),
  lastname: z.string(),
  ragsoc: z.string(),
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
  provs: z.array(z.string()),
  img: z.string(),
  stato: accountStato,
});
export type CapoareaProfile = z.infer<typeof capoareaProfile>;

/**
 * POST /api/capoarea/{id}/stato and /api/rivenditore/{id}/stato (admin): disable or re-enable the account. A
 * disabled user cannot log in and loses open sessions; re-enabling gives back 'active', or 'requested' when the
 * account never set a password. Answers the resulting stato.
 */
export const accountStatoBody = z.object({ stato: z.enum(['active', 'disabled']) });
export type AccountStatoBody = z.infer<typeof accountStatoBody>;
export const accountStatoReply = z.object({ res: z.literal('OK'), stato: accountStato });
