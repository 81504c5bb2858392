import { z } from 'zod';
import { msg } from '../messages-it.ts';

/**
 * A person's own change of their login address (docs/decisions/0022): it waits for the link sent to the new
 * address. POST /auth/email/confirm takes the link's token; GET /auth/email/pending says what is waiting.
 */
export const emailConfirmBody = z.object({
  token: z.string(msg.linkEmailNonValido).min(1, msg.linkEmailNonValido).max(100, msg.linkEmailNonValido),
});
export type EmailConfirmBody = z.infer<typeof emailConfirmBody>;

/** The address waiting for its confirmation and when its link expires; both null when nothing waits. */
export const pendingEmailReply = z.object({ email: z.string().nullable(), expiresAt: z.string().nullable() });
export type PendingEmail = z.infer<typeof pendingEmailReply>;
