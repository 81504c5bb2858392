import { z } from 'zod';

/**
 * A mass activation (POST /api/sendmassive, the admin's 'Invio massivo attivazioni'): what the press found and,
 * from the mail queue, how far the sending is. Installers with an active or disabled account are not touched.
 */
export const massActivation = z.object({
  uuid: z.string(),
  /** ISO timestamps; finished_at '' while the accounts and links are still being made. */
  started_at: z.string(),
  finished_at: z.string(),
  /** Installers without an active account looked at. */
  candidati: z.number().int(),
  /** Activation e-mails queued by this press (new accounts, and requested ones whose link had expired). */
  accodati: z.number().int(),
  senza_email: z.number().int(),
  email_non_valida: z.number().int(),
  /** The same address on several people (or already another account's login): no account can be named after it. */
  email_condivisa: z.number().int(),
  /** Already sent, link still valid: nothing is sent twice. */
  link_validi: z.number().int(),
  /** This press's e-mails in the queue: sent, waiting, given up. */
  inviati: z.number().int(),
  in_attesa: z.number().int(),
  falliti: z.number().int(),
});
export type MassActivation = z.infer<typeof massActivation>;

/** GET /api/sendmassive: the latest press, or null when there was none. */
export const massActivationReply = z.object({ run: massActivation.nullable() });
export type MassActivationReply = z.infer<typeof massActivationReply>;
