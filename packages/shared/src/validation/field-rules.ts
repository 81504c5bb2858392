import { isValidCodiceFiscale } from './codice-fiscale.ts';
import {
  fromMonthValue,
  isIsoDate,
  isValidCap,
  isValidEmail,
  isValidMonthValue,
  isValidProvince,
  MAX_DATE,
  MIN_DATE,
  monthMaxYear,
} from './common.ts';
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

/** A date field: a real YYYY-MM-DD from 1900-01-01 to 2100-12-31. */
export const dateRule: Rule = (value) => {
  const text = toText(value);
  if (!isIsoDate(text)) return validationMsg.dataNonValida;
  if (text < MIN_DATE) return validationMsg.dataTroppoVecchia;
  return text <= MAX_DATE ? null : validationMsg.dataTroppoLontana;
};

/** A month-year field: YYYY-MM-01 with a year from 1970 to the current year + 10. */
export const monthRule: Rule = (value) => {
  const text = toText(value);
  if (isValidMonthValue(text)) return null;
  return fromMonthValue(text) ? validationMsg.meseFuoriIntervallo(monthMaxYear()) : validationMsg.meseNonValido;
};
