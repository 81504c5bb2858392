import type { CheckReply } from '@portal/shared/schemas/auth';
import { msg } from '@portal/shared/messages-it';
import { queryClient } from './query-client.ts';
import { leaveNotice } from './session-notice.ts';

/** The session check (GET /auth/check) is cached under this key; guards and the login page read it. */
export const sessionQueryKey = ['session'] as const;

const loggedOut: CheckReply = { role: [] };

/** Logged out: the guards redirect to / as soon as they see no roles, and no cached data survives. */
export function clearSession(): void {
  queryClient.setQueryData(sessionQueryKey, loggedOut);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
}

/** A 401 from the API: the server session is gone, so log out locally and explain why on the login page. */
export function expireSession(): void {
  const roles = queryClient.getQueryData<CheckReply>(sessionQueryKey)?.role ?? [];
  clearSession();
  if (roles.length > 0) leaveNotice(msg.sessioneScaduta);
}
