import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { comboReply } from '@portal/shared/schemas/combos';
import { documentRow, documentsPage, type DocumentsQuery } from '@portal/shared/schemas/documents';
import { apiGet, withQuery } from '../../../lib/api-client.ts';

/** Everything under this key is document data: an upload, a save or a delete refreshes it all. */
export const documentsKey = ['documents'] as const;

/** Every document (admin) or those of the user's group. */
export type DocumentsSource = '/api/docs/admdocs' | '/api/docs/docs';

export function useDocuments(source: DocumentsSource, query: DocumentsQuery, enabled = true) {
  return useQuery({
    enabled,
    queryKey: [...documentsKey, 'list', source, query],
    queryFn: ({ signal }) => apiGet(withQuery(source, query), documentsPage, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDocument(id: string) {
  return useQuery({
    queryKey: [...documentsKey, 'one', id],
    queryFn: ({ signal }) => apiGet(`/api/docs/doc/${encodeURIComponent(id)}`, documentRow, { signal }),
  });
}

/** GET /api/docs/combodest: the recipient groups. */
export function useDocumentGroups() {
  return useQuery({
    queryKey: [...documentsKey, 'combodest'],
    queryFn: ({ signal }) => apiGet('/api/docs/combodest', comboReply, { signal }),
    staleTime: Infinity,
  });
}
