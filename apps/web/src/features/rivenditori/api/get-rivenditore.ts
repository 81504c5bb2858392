import { queryOptions, useQuery } from '@tanstack/react-query';
import { rivenditoreProfile, type RivenditoreProfile } from '@portal/shared/schemas/rivenditori';
import { apiGet } from '../../../lib/api-client.ts';
import { blankAccount } from '../../../lib/blank-account.ts';
import { rivenditoriKeys } from './rivenditori-keys.ts';

/** The record of the create form (/admin/newrivenditori): there is no server call for a blank one. */
export const blankRivenditore: RivenditoreProfile = { ...blankAccount(), code: '', capoarea: '' };

/** GET /api/rivenditore/{id}: admin, or an area manager whose reach includes the reseller. */
export function getRivenditore(id: string, signal?: AbortSignal): Promise<RivenditoreProfile> {
  return apiGet(`/api/rivenditore/${encodeURIComponent(id)}`, rivenditoreProfile, { signal });
}

export function rivenditoreQuery(id: string) {
  return queryOptions({
    queryKey: rivenditoriKeys.detail(id),
    meta: { errorInPlace: true },
    queryFn: ({ signal }) => getRivenditore(id, signal),
  });
}

export function useRivenditore(id: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...rivenditoreQuery(id), enabled: options.enabled ?? true });
}
