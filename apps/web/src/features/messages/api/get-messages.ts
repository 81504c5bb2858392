import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { comboReply } from '@portal/shared/schemas/combos';
import { messagesPage, type MessagesPage, type MessagesQuery } from '@portal/shared/schemas/messages';
import { apiGet, withQuery } from '../../../lib/api-client.ts';
import { messagesKeys } from './messages-keys.ts';

/** The two folders: Entrata (recv) and Uscita (sent). */
export type Folder = 'recv' | 'sent';

export function getMessages(folder: Folder, query: MessagesQuery, signal?: AbortSignal): Promise<MessagesPage> {
  return apiGet(withQuery(`/api/messages/${folder}`, query), messagesPage, { signal });
}

/** errorInPlace: the screen shows a failed load in place of the list (see lib/query-client.ts). */
export function useMessages(
  folder: Folder,
  query: MessagesQuery,
  { enabled = true, errorInPlace = false }: { enabled?: boolean; errorInPlace?: boolean } = {},
) {
  return useQuery(
    queryOptions({
      enabled,
      queryKey: messagesKeys.list(folder, query),
      meta: { errorInPlace },
      queryFn: ({ signal }) => getMessages(folder, query, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

/** GET /api/messages/tipiletto: the options of a folder's Tipo filter (read, unread; in Uscita, by every recipient). */
export function useTipiLettura(folder: Folder) {
  return useQuery({
    queryKey: messagesKeys.tipiLettura(folder),
    queryFn: ({ signal }) => apiGet(withQuery('/api/messages/tipiletto', { folder }), comboReply, { signal }),
    staleTime: Infinity,
  });
}
