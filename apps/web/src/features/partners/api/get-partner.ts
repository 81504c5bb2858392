import { queryOptions, useQuery } from '@tanstack/react-query';
import { partnerProfile, type PartnerProfile } from '@portal/shared/schemas/partners';
import { apiGet } from '../../../lib/api-client.ts';
import { partnersKeys } from './partners-keys.ts';

/**
 * GET /api/partner/{id}: the partner and whether this viewer may save it (editable). With no id, GET /api/npartner:
 * the blank record of the create form (an area manager's comes with them as capoarea).
 */
export function getPartner(id: string | null, signal?: AbortSignal): Promise<PartnerProfile> {
  const path = id === null ? '/api/npartner' : `/api/partner/${encodeURIComponent(id)}`;
  return apiGet(path, partnerProfile, { signal });
}

export function partnerQuery(id: string | null) {
  return queryOptions({
    queryKey: partnersKeys.detail(id ?? 'nuovo'),
    meta: { errorInPlace: true },
    queryFn: ({ signal }) => getPartner(id, signal),
  });
}

/** id null: the blank record for /…/newpartner. */
export function usePartner(id: string | null) {
  return useQuery(partnerQuery(id));
}
