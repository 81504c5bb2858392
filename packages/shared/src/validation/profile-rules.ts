import { msg } from '../messages-it.ts';
import { ABROAD } from '../provinces.ts';
import { capRule, codiceFiscaleRule, dateRule, emailRule, partitaIvaRule, twoCharStateRule } from './field-rules.ts';
import { validationMsg } from './messages.ts';
import { allOf, anyOf, atLeastOneOf, custom, optional, required, toText, type RuleSet } from './rules.ts';

/**
 * The spec's form rules as rule sets. Entity schemas plug them in with
 * z.object({...}).check(rulesCheck(set)); failureMessage(set, errors) gives the form-level text.
 */

export type InstallerProfileField =
  'name' | 'dtnasc' | 'codfis' | 'address' | 'city' | 'cap' | 'state' | 'email' | 'piva';

/**
 * Installer self-edit and profile save. Lastname is deliberately not required. The admin edit variant
 * has its rules switched off and the partner edit defines none, so neither uses this set.
 */
export const installerProfileRules: RuleSet<InstallerProfileField> = {
  fields: {
    name: required(),
    dtnasc: allOf(required(), dateRule),
    codfis: allOf(required(), codiceFiscaleRule),
    address: required(),
    city: required(),
    cap: allOf(required(), capRule),
    state: required(),
    email: allOf(required(), emailRule),
    piva: optional(partitaIvaRule),
  },
  record: [atLeastOneOf(['phone', 'cell'], validationMsg.telefonoOCellulare)],
  failure: () => msg.correggereCampi,
};

/**
 * The admin's installer save: the installer rules are off for the admin, all but the e-mail's shape. The address
 * receives the person's notifications and reset links, so it is one address or none: a list such as
 * 'a@example.it, b@example.it' would send each of them everything.
 */
export const installerAdminRules: RuleSet<'email'> = {
  fields: { email: optional(emailRule) },
  failure: () => msg.correggereCampi,
};

export type AreaManagerField = 'name' | 'lastname' | 'address' | 'city' | 'cap' | 'state' | 'email' | 'codfis' | 'piva';

/** Area-manager form; a failure reads 'Errore: {form error}'. */
export const areaManagerRules: RuleSet<AreaManagerField> = {
  fields: {
    name: required(),
    lastname: required(),
    address: required(),
    city: required(),
    cap: allOf(required(), capRule),
    state: allOf(required(), twoCharStateRule),
    email: allOf(required(), emailRule),
    codfis: optional(codiceFiscaleRule),
    piva: optional(partitaIvaRule),
  },
  failure: (first) => msg.errore(first),
};

export type ResellerField = 'name' | 'lastname' | 'email';

/**
 * Reseller form: only name, lastname and email are mandatory. The spec sets no format rule; the e-mail is checked
 * all the same because the reseller's account is named after it and receives the activation link.
 */
export const resellerRules: RuleSet<ResellerField> = {
  fields: {
    name: required(),
    lastname: required(),
    email: allOf(required(), emailRule),
  },
  failure: (first) => msg.errore(first),
};

export type PartnerField = 'ragsoc' | 'email' | 'dtend';

/**
 * Partner edit. The spec's partner form "runs the check but defines no rules"; the portal adds the least that keeps
 * a registry usable: a company name, a well-formed e-mail when there is one, and a partnership that does not end
 * before it starts (month fields YYYY-MM-01 compare as text).
 */
export const partnerRules: RuleSet<PartnerField> = {
  fields: {
    ragsoc: required(),
    email: optional(emailRule),
    dtend: custom((value, record) => {
      const start = toText(record['dtstart']);
      const end = toText(value);
      return start === '' || end === '' || end >= start;
    }, validationMsg.fineDopoInizio),
  },
  failure: () => msg.correggereCampi,
};

export type AdminProfileField = 'name' | 'email';

/** The admin's own profile: a name to show and an e-mail address for password resets. */
export const adminProfileRules: RuleSet<AdminProfileField> = {
  fields: {
    name: required(),
    email: allOf(required(), emailRule),
  },
  failure: () => msg.correggereCampi,
};

export type InstallerImportField = 'codfis' | 'lastname' | 'name' | 'ragsocaz' | 'state' | 'cap' | 'piva' | 'email';

/**
 * One installer row of the import wizard: invalid rows are skipped and listed.
 * Fields outside the required list are checked only when present; the tax code is checked unless the
 * installer lives abroad (state EE).
 */
export const installerImportRules: RuleSet<InstallerImportField> = {
  fields: {
    codfis: allOf(
      required(),
      anyOf(
        custom((_, record) => record['state'] === ABROAD, validationMsg.codiceFiscaleNonValido),
        codiceFiscaleRule,
      ),
    ),
    lastname: required(),
    name: required(),
    ragsocaz: required(),
    state: optional(twoCharStateRule),
    cap: optional(capRule),
    piva: optional(partitaIvaRule),
    email: optional(emailRule),
  },
};
