import { useQuery } from '@tanstack/react-query';
import { pendingEmailReply, type PendingEmail } from '@portal/shared/schemas/email-change';
import { apiGet } from '../../../lib/api-client.ts';
import { meKeys } from './me-keys.ts';

/** GET /auth/email/pending: one's own new address waiting for the link sent to it, if any. */
export function getPendingEmail(signal?: AbortSignal): Promise<PendingEmail> {
  return apiGet('/auth/email/pending', pendingEmailReply, { signal });
}

export function usePendingEmail() {
  return useQuery({ queryKey: meKeys.pendingEmail, queryFn: ({ signal }) => getPendingEmail(signal) });
}
