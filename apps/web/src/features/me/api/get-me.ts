import { queryOptions, useQuery } from '@tanstack/react-query';
import { meReply, type Me } from '@portal/shared/schemas/me';
import { apiGet } from '../../../lib/api-client.ts';
import { meKeys } from './me-keys.ts';

/** GET /api/me: the current user's card fields, whatever the role. */
export function getMe(signal?: AbortSignal): Promise<Me> {
  return apiGet('/api/me', meReply, { signal });
}

export const meQuery = queryOptions({
  queryKey: meKeys.me,
  meta: { errorInPlace: true },
  queryFn: ({ signal }) => getMe(signal),
});

export function useMe() {
  return useQuery(meQuery);
}
