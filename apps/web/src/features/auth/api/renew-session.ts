import { queryOptions, useQuery } from '@tanstack/react-query';
import { okReply } from '@portal/shared/schemas/auth';
import { apiPost } from '../../../lib/api-client.ts';
import { authKeys } from './auth-keys.ts';

/** The session is renewed every 5 minutes. */
export const RENEW_INTERVAL_MS = 5 * 60 * 1000;

/** POST /auth/renew {}: 401 when the session already expired, which sends the user to the login page. */
export function renewSession(signal?: AbortSignal): Promise<unknown> {
  return apiPost('/auth/renew', {}, okReply, { signal, sessionBound: true });
}

// A polling query rather than an effect with setInterval: TanStack owns the timer, stops it when
// the shell unmounts (logout) and keeps it going in a background tab ("while the page is open").
const renewSessionQuery = queryOptions({
  queryKey: authKeys.renewal,
  queryFn: ({ signal }) => renewSession(signal),
  // The login or the page load just refreshed the session, so the first renewal is due in 5 minutes.
  initialData: { res: 'OK' },
  staleTime: RENEW_INTERVAL_MS,
  refetchInterval: RENEW_INTERVAL_MS,
  refetchIntervalInBackground: true,
  refetchOnWindowFocus: false,
  meta: { background: true },
});

export function useSessionRenewal(): void {
  useQuery(renewSessionQuery);
}
