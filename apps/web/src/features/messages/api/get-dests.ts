import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { destsReply, type DestOption } from '@portal/shared/schemas/messages';
import { apiGet, withQuery } from '../../../lib/api-client.ts';
import { messagesKeys } from './messages-keys.ts';

/** GET /api/dests?q=: the groups and people the writer may address, for the Destinatari typeahead. */
export function getDests(q: string, signal?: AbortSignal): Promise<DestOption[]> {
  return apiGet(withQuery('/api/dests', { q }), destsReply, { signal });
}

export function useDests(q: string) {
  return useQuery({
    queryKey: messagesKeys.dests(q),
    queryFn: ({ signal }) => getDests(q, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
