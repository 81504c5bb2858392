import { z } from 'zod';
import { isValidEmail, isValidProvince } from '../validation/common.ts';
import { pagedReply } from './paging.ts';

/**
 * The public installer locator (/trova-posatore, GET /api/public/posatori): who is published and what of them.
 * Published: the 'web' flag on and the profile OK. Shown: photo, name, company, town, province, qualification,
 * certification and the gallery; never the tax code, e-mail, phone, address or birth date (docs/decisions/0027-public-locator.md).
 */

/** Public pages show this many installers a page. */
export const PUBLIC_PAGE_SIZE = 20;
export const PUBLIC_TEXT_MAX = 60;

/** An empty form field (the search form sends every field) is the same as an absent one. */
const blankless = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

export const publicPosatoriQuery = z.object({
  prov: blankless(
    z
      .string()
      .transform((v) => v.trim().toUpperCase())
      .refine(isValidProvince, 'Provincia non valida'),
  ),
  tipo: blankless(z.string().max(30, 'Qualifica non valida')),
  q: blankless(z.string().trim().max(PUBLIC_TEXT_MAX, `Testo di ricerca troppo lungo (massimo ${PUBLIC_TEXT_MAX})`)),
  page: blankless(z.coerce.number('Pagina non valida').int('Pagina non valida').min(1, 'Pagina non valida')),
});
export type PublicPosatoriQuery = z.infer<typeof publicPosatoriQuery>;

export const publicPosatore = z.object({
  uuid: z.string(),
  name: z.string(),
  lastname: z.string(),
  azienda: z.string(),
  city: z.string(),
  state: z.string(),
  tipo: z.string(),
  destipo: z.string(),
  certificato: z.boolean(),
  /** The public address of the photo ('' without one). */
  img: z.string(),
  /** The installer's public page. */
  url: z.string(),
});
export type PublicPosatore = z.infer<typeof publicPosatore>;

export const publicPosatoriReply = pagedReply(publicPosatore);

export const CONTACT_NAME_MAX = 100;
export const CONTACT_MAX = 100;
export const CONTACT_MESSAGE_MAX = 2000;

const PHONE = /^\+?[0-9][0-9 /-]{5,24}$/;

/**
 * The contact form of an installer's public page. `sito` is the honeypot: a field people never see, left empty by
 * them and filled by form-filling robots. `consenso` is the checkbox ('on' when ticked).
 */
export const publicContactBody = z.object({
  nome: z
    .string('Indicare il proprio nome')
    .trim()
    .min(1, 'Indicare il proprio nome')
    .max(CONTACT_NAME_MAX, `Nome troppo lungo (massimo ${CONTACT_NAME_MAX} caratteri)`),
  contatto: z
    .string('Indicare un indirizzo e-mail o un numero di telefono')
    .trim()
    .min(1, 'Indicare un indirizzo e-mail o un numero di telefono')
    .max(CONTACT_MAX, 'Indicare un indirizzo e-mail o un numero di telefono valido')
    .refine((v) => isValidEmail(v) || PHONE.test(v), 'Indicare un indirizzo e-mail o un numero di telefono valido'),
  messaggio: z
    .string('Scrivere il messaggio')
    .trim()
    .min(1, 'Scrivere il messaggio')
    .max(CONTACT_MESSAGE_MAX, `Messaggio troppo lungo (massimo ${CONTACT_MESSAGE_MAX} caratteri)`),
  consenso: z.literal('on', 'Per inviare la richiesta occorre acconsentire al trattamento dei dati'),
  sito: z.string().max(500).optional(),
});
export type PublicContactBody = z.infer<typeof publicContactBody>;
