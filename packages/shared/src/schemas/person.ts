import { z } from 'zod';
import { ADDRESS_MAX, capText, EMAIL_MAX, NAME_MAX, phoneText, provinceOrEmpty, taxIdText, text } from './fields.ts';
import { accountStato } from './posatori.ts';

/** A company's or person's tax ids, as a form holds them. */
export const taxIdFields = { piva: taxIdText, codfis: taxIdText };

/** The address and contacts that area managers, resellers and partners share, as a form holds them. */
export const addressContactFields = {
  address: text(ADDRESS_MAX),
  city: text(NAME_MAX),
  cap: capText,
  state: provinceOrEmpty,
  phone: phoneText,
  cell: phoneText,
  email: text(EMAIL_MAX),
  website: text(ADDRESS_MAX),
};

/**
 * What area managers and resellers share: the person (name, lastname), their tax ids, address and contacts, as a
 * form holds them. Each record adds its own keys around these.
 */
export const personFields = {
  name: text(NAME_MAX),
  lastname: text(NAME_MAX),
  ...taxIdFields,
  ...addressContactFields,
};

/** The address and contacts as a record answers them (stored values, unchecked on the way out). */
export const addressContactAnswer = {
  address: z.string(),
  city: z.string(),
  cap: z.string(),
  state: z.string(),
  phone: z.string(),
  cell: z.string(),
  email: z.string(),
  website: z.string(),
};

/** The same fields as a record answers them, with the login's name ('' without an account). */
export const personProfileFields = {
  name: z.string(),
  lastname: z.string(),
  piva: z.string(),
  codfis: z.string(),
  ...addressContactAnswer,
  username: z.string(),
};

/** What the lists and records show beside them: provinces of competence, image, account stato. */
export const personTailFields = { provs: z.array(z.string()), img: z.string(), stato: accountStato };
