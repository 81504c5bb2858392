import { isValidCodiceFiscale } from './codice-fiscale.ts';
import { isIsoDate, isValidCap, isValidEmail, isValidMonthValue, isValidProvince, MIN_DATE } from './common.ts';
import { validationMsg } from './messages.ts';
import { isValidPartitaIva } from './partita-iva.ts';
import { custom, regex, toText, type Rule } from './rules.ts';

/**
 * The Italian field checks as rules, ready for rule maps. Each one fails on an empty value, so a form
 * composes them with required() or optional() to say whether the field may stay empty.
 */

export const capRule: Rule = custom((value) => isValidCap(toText(value)), validationMsg.capNonValido);

export const provinceRule: Rule = custom((value) => isValidProvince(toText(value)), validationMsg.provinciaNonValida);

/** "State is exactly 2 characters" (area-manager form, import rows): the shape only, no list lookup. */
export const twoCharStateRule: Rule = regex(/^.{2}$/u, validationMsg.provinciaDueCaratteri);

export const emailRule: Rule = custom((value) => isValidEmail(toText(value)), validationMsg.emailNonValida);

/** A 16-character codice fiscale or, when not 16 long, an 11-digit partita IVA. */
export const codiceFiscaleRule: Rule = custom(
  (value) => toText(value) !== '' && isValidCodiceFiscale(toText(value)),
  validationMsg.codiceFiscaleNonValido,
);

export const partitaIvaRule: Rule = custom(
  (value) => isValidPartitaIva(toText(value)),
  validationMsg.partitaIvaNonValida,
);

/** A date field: a real YYYY-MM-DD not before 1900-01-01. */
export const dateRule: Rule = (value) => {
  const text = toText(value);
  if (!isIsoDate(text)) return validationMsg.dataNonValida;
  return text >= MIN_DATE ? null : validationMsg.dataTroppoVecchia;
};

/** A month-year field: YYYY-MM-01 with a year from 1970 to the current year + 10. */
export const monthRule: Rule = custom((value) => isValidMonthValue(toText(value)), validationMsg.meseNonValido);
