import { queryOptions, useQuery } from '@tanstack/react-query';
import { meReply, type Me } from '@portal/shared/schemas/me';
import { apiGet } from '../../../lib/api-client.ts';
import { forgetWalletUnlessOwner } from '../../coupons/api/wallet-copy.ts';
import { meKeys } from './me-keys.ts';

/** GET /api/me: the current user's card fields, whatever the role. */
export function getMe(signal?: AbortSignal): Promise<Me> {
  return apiGet('/api/me', meReply, { signal });
}

export const meQuery = queryOptions({
  queryKey: meKeys.me,
  meta: { errorInPlace: true },
  queryFn: async ({ signal }) => {
    const me = await getMe(signal);
    // Somebody else is signed in now: the previous installer's coupons kept for offline use go (wallet-copy.ts).
    forgetWalletUnlessOwner(me.uuid);
    return me;
  },
});

export function useMe() {
  return useQuery(meQuery);
}
