import { z } from 'zod';

/** Errors always travel as {res:"KO", reason, fields?}. */
export const errorReply = z.object({
  res: z.literal('KO'),
  reason: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorReply = z.infer<typeof errorReply>;
