import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { posatoriPage, type PosatoriPage, type PosatoriQuery } from '@portal/shared/schemas/posatori';
import { apiGet, withQuery } from '../../../lib/api-client.ts';
import { posatoriKeys } from './posatori-keys.ts';

/** The installer lists: every installer (admin), the area manager's, the reseller's. */
export type PosatoriSource = '/api/posatori' | '/api/posatori4ca' | '/api/posatori4ri';

/** GET {source}?filters&page: empty filters stay out of the query string (the server reads '' as no filter too). */
export function getPosatori(source: PosatoriSource, query: PosatoriQuery, signal?: AbortSignal): Promise<PosatoriPage> {
  return apiGet(withQuery(source, query), posatoriPage, { signal });
}

/** errorInPlace: the screen shows a failed load in place of the list (see lib/query-client.ts). */
export function posatoriListQuery(source: PosatoriSource, query: PosatoriQuery, errorInPlace = false) {
  return queryOptions({
    queryKey: posatoriKeys.list(source, query),
    meta: { errorInPlace },
    queryFn: ({ signal }) => getPosatori(source, query, signal),
    // The previous page stays on screen while the next one loads, so the table does not collapse.
    placeholderData: keepPreviousData,
  });
}

export function usePosatori(source: PosatoriSource, query: PosatoriQuery, errorInPlace = false) {
  return useQuery(posatoriListQuery(source, query, errorInPlace));
}
