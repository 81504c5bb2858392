import { z } from 'zod';
import { installerAdminRules, installerProfileRules } from '../validation/profile-rules.ts';
import { monthRule } from '../validation/field-rules.ts';
import { rulesCheck } from '../validation/rules.ts';
import {
  ADDRESS_MAX,
  capText,
  CODE_MAX,
  dateOrEmpty,
  EMAIL_MAX,
  monthOrEmpty,
  NAME_MAX,
  phoneText,
  provinceOrEmpty,
  taxIdText,
  text,
  uuidOrEmpty,
} from './fields.ts';
import { pagedReply, pagingQuery } from './paging.ts';
import { formRefusal } from './errors.ts';

/** Installer profile stato (the avatar's stato): only OK opens the full installer menu. Options: /api/cbostato. */
export const posatoreStati = ['OK', 'INCOMPLETO', 'SOSPESO'] as const;
export const posatoreStato = z.enum(posatoreStati);
export type PosatoreStato = z.infer<typeof posatoreStato>;

/**
 * The login account's stato: active = Attivo, disabled = Disattivato, requested = Richiesta Inviata, none = no
 * account yet. The admin row menu says 'Reimposta password' for active, 'Manda attivazione' otherwise.
 */
export const accountStati = ['active', 'disabled', 'requested', 'none'] as const;
export const accountStato = z.enum(accountStati);
export type AccountStato = z.infer<typeof accountStato>;

/** The account states as people read them, the dot's title and the list filter's options. */
export const accountStatoLabels: Record<AccountStato, string> = {
  active: 'Attivo',
  disabled: 'Disattivato',
  requested: 'Richiesta Inviata',
  none: 'Nessun accesso',
};

/** Sort keys of the installer list; /api/posaorder labels them. Default cognome. */
export const posaOrders = ['cognome', 'nome', 'codice', 'provincia', 'corso', 'coupon', 'recenti'] as const;
export type PosaOrder = (typeof posaOrders)[number];

const QUALIFICA_MAX = 30;

/**
 * GET /api/posatori, /api/posatori4ca, /api/posatori4ri: filters (all optional; '' means no filter) and paging.
 * tipo: qualification value (/api/qualifiche); certificato: '1' certified, '0' not (/api/tipicert);
 * state: province sigla; stato: OK | INCOMPLETO | SOSPESO (/api/cbostato), the profile chip; accesso: the account
 * state, the status dot (accountStatoLabels); code: part of the code;
 * name: part of "name lastname" or "lastname name", case-insensitive; dtcorso: course month YYYY-MM;
 * order: a posaOrders key (/api/posaorder).
 */
export const posatoriQuery = pagingQuery.extend({
  tipo: text(QUALIFICA_MAX).optional(),
  certificato: z.enum(['', '0', '1']).optional(),
  state: z
    .string()
    .regex(/^([A-Z]{2})?$/, 'Provincia non valida')
    .optional(),
  stato: z.enum(['', ...posatoreStati] as const).optional(),
  /** The login account's state, the list's status dot: active | disabled | requested | none (no account). */
  accesso: z.enum(['', ...accountStati] as const).optional(),
  code: text(CODE_MAX).optional(),
  name: text(NAME_MAX).optional(),
  dtcorso: z
    .string()
    .regex(/^(\d{4}-(0[1-9]|1[0-2]))?$/, 'Mese non valido (AAAA-MM)')
    .refine((v) => v === '' || monthRule(`${v}-01`) === null, {
      error: (issue) => monthRule(`${String(issue.input)}-01`) ?? 'Mese non valido (AAAA-MM)',
      abort: true,
    })
    .optional(),
  order: z.enum(['', ...posaOrders] as const).optional(),
});
export type PosatoriQuery = z.infer<typeof posatoriQuery>;

/** One row of the installer lists plus the account stato for the admin row menu. */
export const posatoreRow = z.object({
  uuid: z.string(),
  /** URL of the profile image, '' when none. */
  img: z.string(),
  /** "name lastname" */
  descri: z.string(),
  tipo: z.string(),
  destipo: z.string(),
  code: z.string(),
  prov: z.string(),
  certificato: z.boolean(),
  /** Last course month YYYY-MM-01, '' when none. */
  dtcorso: z.string(),
  stato: z.string(),
  /** Number of coupons held. */
  coupon: z.number().int(),
  userstato: accountStato,
});
export type PosatoreRow = z.infer<typeof posatoreRow>;

export const posatoriPage = pagedReply(posatoreRow);
export type PosatoriPage = z.infer<typeof posatoriPage>;

/**
 * GET /api/posatori4ri_home: the reseller home. cposatori counts their installers, ccopoun the coupons redeemed at
 * this reseller (spec: "counts of installers and of used coupons"; field names as the spec's home counts),
 * data the 5 installers most recently updated.
 */
export const posatori4riHome = z.object({
  cposatori: z.number().int(),
  ccopoun: z.number().int(),
  data: z.array(posatoreRow),
});
export type Posatori4riHome = z.infer<typeof posatori4riHome>;

/**
 * POST /api/posatori/{id}: the full record, as the form holds it (other keys, such as uuid, username, img, stato,
 * are ignored: the server owns them). Types and sizes are checked for every role; the admin form uses this schema
 * as it is (its rules are off), the installer and area-manager forms use posatoreProfileForm.
 * The installer's own save keeps tipo, certificato, azienda, diisocianati, code, capoarea and rivenditore as
 * stored; only admin and capoarea change diisocianati.
 */
export const posatoreSaveBody = z.object({
  name: text(NAME_MAX),
  lastname: text(NAME_MAX),
  ragsoc: text(NAME_MAX),
  dtnasc: dateOrEmpty,
  codfis: taxIdText,
  code: text(CODE_MAX),
  dtstart: monthOrEmpty,
  address: text(ADDRESS_MAX),
  city: text(NAME_MAX),
  cap: capText,
  state: provinceOrEmpty,
  azienda: text(NAME_MAX),
  tipo: text(QUALIFICA_MAX),
  certificato: z.boolean(),
  diisocianati: z.boolean(),
  web: z.boolean(),
  contoterzi: z.boolean(),
  phone: phoneText,
  cell: phoneText,
  email: text(EMAIL_MAX),
  website: text(ADDRESS_MAX),
  piva: taxIdText,
  capoarea: uuidOrEmpty,
  rivenditore: uuidOrEmpty,
});
formRefusal.add(posatoreSaveBody, { refusal: 'correct-fields' });
export type PosatoreSaveBody = z.infer<typeof posatoreSaveBody>;

/** The installer self-edit and area-manager form: the same record with the spec's rules. */
export const posatoreProfileForm = posatoreSaveBody.check(rulesCheck(installerProfileRules));

/** The admin's installer form: the spec's rules are off, the e-mail is still one address or empty. */
export const posatoreAdminForm = posatoreSaveBody.check(rulesCheck(installerAdminRules));

/**
 * GET /api/posatori/{id}: the profile. Plain types on the way out, so a stored value that
 * today's form would refuse (an old import) still loads and can be corrected.
 */
export const posatoreProfile = z.object({
  uuid: z.string(),
  name: z.string(),
  lastname: z.string(),
  ragsoc: z.string(),
  dtnasc: z.string(),
  codfis: z.string(),
  code: z.string(),
  dtstart: z.string(),
  address: z.string(),
  city: z.string(),
  cap: z.string(),
  state: z.string(),
  azienda: z.string(),
  tipo: z.string(),
  destipo: z.string(),
  certificato: z.boolean(),
  diisocianati: z.boolean(),
  web: z.boolean(),
  contoterzi: z.boolean(),
  phone: z.string(),
  cell: z.string(),
  email: z.string(),
  website: z.string(),
  piva: z.string(),
  /** Read-only: the login name, '' when the installer has no account yet. */
  username: z.string(),
  /** Area manager uuid, '' when none (options: /api/cbocapoarea?prov=state). */
  capoarea: z.string(),
  /** Reseller uuid, '' when none (options: /api/cborivenditori?prov=state). */
  rivenditore: z.string(),
  /** URL of the profile image, '' when none. */
  img: z.string(),
  stato: z.string(),
  userstato: accountStato,
  coupon: z.number().int(),
});
export type PosatoreProfile = z.infer<typeof posatoreProfile>;

export const uuidParam = z.object({ id: z.uuid() });

/**
 * POST /api/posatori/{id}/sospensione (admin): sospeso true suspends (SOSPESO), false reinstates, and the profile
 * becomes OK or INCOMPLETO again by the installer rules. Answers the resulting profile stato.
 */
export const sospensioneBody = z.object({ sospeso: z.boolean() });
export type SospensioneBody = z.infer<typeof sospensioneBody>;
export const sospensioneReply = z.object({ res: z.literal('OK'), stato: posatoreStato });
