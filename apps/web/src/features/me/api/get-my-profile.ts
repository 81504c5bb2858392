import { queryOptions, useQuery } from '@tanstack/react-query';
import { myProfileReply, type MyProfile } from '@portal/shared/schemas/me';
import { apiGet } from '../../../lib/api-client.ts';
import { meKeys } from './me-keys.ts';

/** GET /api/myprofile: the current user's own record, shaped by the role they land in (role says which). */
export function getMyProfile(signal?: AbortSignal): Promise<MyProfile> {
  return apiGet('/api/myprofile', myProfileReply, { signal });
}

export const myProfileQuery = queryOptions({
  queryKey: meKeys.myProfile,
  meta: { errorInPlace: true },
  queryFn: ({ signal }) => getMyProfile(signal),
});

export function useMyProfile() {
  return useQuery(myProfileQuery);
}
