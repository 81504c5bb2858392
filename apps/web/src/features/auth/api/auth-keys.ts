import { sessionQueryKey } from '../../../lib/session.ts';

/**
 * The session's query keys. The session's own key lives in lib/session.ts, which keeps that query when it clears
 * the others on logout.
 */
export const authKeys = {
  session: sessionQueryKey,
  renewal: ['session-renew'] as const,
  twoFactor: ['two-factor'] as const,
};
