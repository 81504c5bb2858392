import { z } from 'zod';

/** Errors always travel as {res:"KO", reason, fields?}: an Italian reason, and one message per refused field. */
export const errorReply = z.object({
  res: z.literal('KO'),
  reason: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorReply = z.infer<typeof errorReply>;

/**
 * How the server words a form's body that its schema refuses, for forms whose screen shows the reason: the first
 * field message itself ('Oggetto obbligatorio'), or 'Attenzione, correggere i campi segnalati' beside one message
 * per field. The server's one error handler reads it; a body not registered reads 'Dato non valido (field): ...'.
 */
export type FormRefusal = 'first-message' | 'correct-fields';
export const formRefusal = z.registry<{ refusal: FormRefusal }>();
