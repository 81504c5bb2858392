import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SEARCH_MIN, searchReply, type SearchResult } from '@portal/shared/schemas/search';
import { apiGet, withQuery } from '../../../lib/api-client.ts';
import { searchKeys } from './search-keys.ts';

/** GET /api/ricerca?pricerca=: companies, people and messages the user may see, from 3 characters. */
export function search(text: string, signal?: AbortSignal): Promise<SearchResult[]> {
  return apiGet(withQuery('/api/ricerca', { pricerca: text }), searchReply, { signal });
}

export function useSearch(text: string) {
  return useQuery({
    queryKey: searchKeys.results(text),
    queryFn: ({ signal }) => search(text, signal),
    enabled: text.length >= SEARCH_MIN,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    // The toolbar's own spinner is for the page's requests, not for each key typed.
    meta: { background: true },
  });
}
