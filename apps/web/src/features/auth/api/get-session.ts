import { queryOptions, useQuery } from '@tanstack/react-query';
import { checkReply, type CheckReply } from '@portal/shared/schemas/auth';
import type { Role } from '@portal/shared/roles';
import { apiGet } from '../../../lib/api-client.ts';
import { authKeys } from './auth-keys.ts';

/** GET /auth/check: the roles of the current session, [] when logged out. */
export function getSession(signal?: AbortSignal): Promise<CheckReply> {
  return apiGet('/auth/check', checkReply, { signal });
}

export const sessionQuery = queryOptions({
  queryKey: authKeys.session,
  queryFn: ({ signal }) => getSession(signal),
  // The session only changes through our own login, logout and 401 handling, which update this entry.
  staleTime: Infinity,
});

export function useSession() {
  return useQuery(sessionQuery);
}

/** The roles of the session: undefined while the first check runs, [] when logged out or unreachable. */
export function useRoles(): readonly Role[] | undefined {
  const session = useSession();
  if (session.isPending) return undefined;
  return session.data?.role ?? [];
}
