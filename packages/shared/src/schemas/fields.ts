import { z } from 'zod';
import { hasAtMostTwoDecimals, MONEY_MAX_EUROS } from '../money.ts';
import { provinces } from '../provinces.ts';
import { isValidProvince } from '../validation/common.ts';
import { dateRule, monthRule } from '../validation/field-rules.ts';
import type { Rule } from '../validation/rules.ts';
import { validationMsg } from '../validation/messages.ts';

/**
 * Field types shared by the registry forms. They check types and sizes only (every text field has a
 * maximum length, longer input is a 400); the Italian form rules of the spec sit on top through rulesCheck.
 */

/** Limits: names 100, addresses 200. */
export const NAME_MAX = 100;
export const ADDRESS_MAX = 200;
export const EMAIL_MAX = 100;
export const PHONE_MAX = 30;
export const CODE_MAX = 30;
/** Long enough for a foreign tax or VAT identifier when the admin's rules are off. */
export const TAX_ID_MAX = 32;
export const CAP_MAX = 5;

export const text = (max: number) => z.string().max(max, validationMsg.massimoCaratteri(max));

/**
 * A string field checked by a rule, for every role (admins included: their form's rules are off, not these).
 * The issue lets the form's own rules run too (continue), so a form still shows every problem at once.
 */
const checkedBy = (rule: Rule, emptyAllowed: boolean) =>
  z.string().superRefine((v, ctx) => {
    if (emptyAllowed && v === '') return;
    const problem = rule(v, {});
    if (problem) ctx.addIssue({ code: 'custom', message: problem, continue: true });
  });

/** '' or a real YYYY-MM-DD from 1900-01-01 to 2100-12-31 (the spec's minimum, and a sane maximum). */
export const dateOrEmpty = checkedBy(dateRule, true);

/** '' or a month field value YYYY-MM-01 with a year from 1970 to the current year + 10. */
export const monthOrEmpty = checkedBy(monthRule, true);

/** '' or a province sigla of provinces.ts (EE included). */
export const provinceOrEmpty = z
  .string()
  .refine((v) => v === '' || isValidProvince(v), validationMsg.provinciaNonValida);

/** The codice fiscale input filter upper-cases; the form sends what it filtered. */
export const taxIdText = text(TAX_ID_MAX).regex(/^[A-Z0-9]*$/, validationMsg.soloMaiuscoleECifre);

/** CAP input filter: digits only. */
export const capText = text(CAP_MAX).regex(/^\d*$/, validationMsg.soloCifre);

/** Phone and cell input filter: digits, space, slash, dash and plus. */
export const phoneText = text(PHONE_MAX).regex(/^[0-9 /+-]*$/, validationMsg.telefonoNonValido);

/** A reference to another row by uuid, '' when none. */
export const uuidOrEmpty = z.union([z.literal(''), z.uuid()]);

/** A date field that must be filled: a real YYYY-MM-DD from 1900-01-01 to 2100-12-31. */
export const requiredDate = checkedBy(dateRule, false);

/** Money on the wire: a number of euros, 0 or more, with at most 2 decimals (integer cents in the database). */
export const euros = z
  .number({ error: validationMsg.importoNonValido })
  .min(0, validationMsg.importoNegativo)
  .max(MONEY_MAX_EUROS, validationMsg.importoTroppoGrande)
  .refine(hasAtMostTwoDecimals, validationMsg.importoNonValido);

/** Provinces of competence (shown as chips): province siglas, each at most once. */
export const provinceList = z
  .array(z.string().refine(isValidProvince, validationMsg.provinciaNonValida))
  .max(provinces.length)
  .refine((list) => new Set(list).size === list.length, validationMsg.provinciaRipetuta);

/** A province filter of the lists: a sigla, or '' for none. */
export const provinceFilter = z.string().regex(/^([A-Z]{2})?$/, validationMsg.provinciaNonValida);
