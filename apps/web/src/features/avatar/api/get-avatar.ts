import { queryOptions, useQuery } from '@tanstack/react-query';
import { avatarReply, type Avatar } from '@portal/shared/schemas/me';
import { apiGet } from '../../../lib/api-client.ts';
import { avatarKeys } from './avatar-keys.ts';

/** GET /api/avatar: toolbar name and image, unread count, and for installers stato and ccoupon. */
export function getAvatar(signal?: AbortSignal): Promise<Avatar> {
  return apiGet('/api/avatar', avatarReply, { signal });
}

export const avatarQuery = queryOptions({
  queryKey: avatarKeys.all,
  queryFn: ({ signal }) => getAvatar(signal),
  // The unread count should follow new mail without a reload; polling does not spin the toolbar.
  refetchInterval: 60_000,
  meta: { background: true },
});

export function useAvatar() {
  return useQuery(avatarQuery);
}
