import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { partnersPage, type PartnersPage, type PartnersQuery } from '@portal/shared/schemas/partners';
import { apiGet, withQuery } from '../../../lib/api-client.ts';
import { partnersKeys } from './partners-keys.ts';

/** The partner lists: every partner (admin), the area manager's, the reseller's. */
export type PartnersSource = '/api/partner' | '/api/partner_ca' | '/api/partner_ri';

export function getPartners(source: PartnersSource, query: PartnersQuery, signal?: AbortSignal): Promise<PartnersPage> {
  return apiGet(withQuery(source, query), partnersPage, { signal });
}

export function partnersListQuery(source: PartnersSource, query: PartnersQuery) {
  return queryOptions({
    queryKey: partnersKeys.list(source, query),
    meta: { errorInPlace: true },
    queryFn: ({ signal }) => getPartners(source, query, signal),
    // The previous page stays on screen while the next one loads, so the table does not collapse.
    placeholderData: keepPreviousData,
  });
}

export function usePartners(source: PartnersSource, query: PartnersQuery) {
  return useQuery(partnersListQuery(source, query));
}
