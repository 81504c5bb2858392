import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { capoareaPage, type CapoareaPage, type CapoareaQuery } from '@portal/shared/schemas/capoarea';
import { apiGet, withQuery } from '../../../lib/api-client.ts';
import { capoareaKeys } from './capoarea-keys.ts';

/** GET /api/capoarea?fname&fstate&page (admin). */
export function getCapoareaList(query: CapoareaQuery, signal?: AbortSignal): Promise<CapoareaPage> {
  return apiGet(withQuery('/api/capoarea', query), capoareaPage, { signal });
}

export function capoareaListQuery(query: CapoareaQuery) {
  return queryOptions({
    queryKey: capoareaKeys.list(query),
    meta: { errorInPlace: true },
    queryFn: ({ signal }) => getCapoareaList(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCapoareaList(query: CapoareaQuery) {
  return useQuery(capoareaListQuery(query));
}
