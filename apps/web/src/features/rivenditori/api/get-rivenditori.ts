import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { rivenditoriPage, type RivenditoriPage, type RivenditoriQuery } from '@portal/shared/schemas/rivenditori';
import { apiGet, withQuery } from '../../../lib/api-client.ts';
import { rivenditoriKeys } from './rivenditori-keys.ts';

/** The reseller lists: every reseller (admin), the area manager's reach. */
export type RivenditoriSource = '/api/rivenditori' | '/api/rivenditori_ca';

export function getRivenditori(
  source: RivenditoriSource,
  query: RivenditoriQuery,
  signal?: AbortSignal,
): Promise<RivenditoriPage> {
  return apiGet(withQuery(source, query), rivenditoriPage, { signal });
}

export function rivenditoriListQuery(source: RivenditoriSource, query: RivenditoriQuery) {
  return queryOptions({
    queryKey: rivenditoriKeys.list(source, query),
    meta: { errorInPlace: true },
    queryFn: ({ signal }) => getRivenditori(source, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useRivenditori(source: RivenditoriSource, query: RivenditoriQuery) {
  return useQuery(rivenditoriListQuery(source, query));
}
