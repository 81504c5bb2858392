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

/** The zip's name: the day it was made, so two downloads do not overwrite each other unnoticed. */
export const privacyExportFileName = (day: string) => `dati-personali-${day}.zip`;
