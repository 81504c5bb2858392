import { z } from 'zod';

/**
 * The data-protection rights (docs/decisions/0028): GET /api/privacy/export gives the logged-in person their data
 * as a zip (GDPR art. 15 and 20); POST /api/privacy/erase/{entity}/{id} (admin) erases a person (art. 17).
 * The kinds of person that can be erased: the registries whose rows are people with a login account.
 */
export const privacyEntities = ['posatore', 'capoarea', 'rivenditore'] as const;
export type PrivacyEntity = (typeof privacyEntities)[number];

export const privacyEraseParams = z.object({
  entity: z.enum(privacyEntities, 'Tipo di persona non valido: posatore, capoarea o rivenditore'),
  id: z.uuid('Identificativo della persona non valido'),
});
export type PrivacyEraseParams = z.infer<typeof privacyEraseParams>;

/** What the erased person's profile shows from then on, and the sender of the messages they had sent. */
export const ERASED_NAME = 'Utente rimosso';

/**
 * A person erased: the name the erasure wrote and no account. Nothing is left to decide about them (no login to
 * send or switch, no suspension to lift): they stay only as the figures their coupons count.
 */
export const isErasedPerson = (name: string, hasAccount: boolean) => name === ERASED_NAME && !hasAccount;

/** The refusal of a decision about an erased person. */
export const ERASED_REFUSAL = 'I dati di questa persona sono stati cancellati: non si può più modificarne lo stato.';

/** The zip's name: the day it was made, so two downloads do not overwrite each other unnoticed. */
export const privacyExportFileName = (day: string) => `dati-personali-${day}.zip`;
