import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { comboReply } from '@portal/shared/schemas/combos';
import { documentRow, documentsPage, type DocumentsQuery } from '@portal/shared/schemas/documents';
import { apiGet, withQuery } from '../../../lib/api-client.ts';
import { documentsKeys } from './documents-keys.ts';

/** Every document (admin) or those of the user's group. */
export type DocumentsSource = '/api/docs/admdocs' | '/api/docs/docs';

/** errorInPlace: the screen shows a failed load in place of the list (see lib/query-client.ts). */
export function useDocuments(
  source: DocumentsSource,
  query: DocumentsQuery,
  { enabled = true, errorInPlace = false }: { enabled?: boolean; errorInPlace?: boolean } = {},
) {
  return useQuery({
    enabled,
    queryKey: documentsKeys.list(source, query),
    meta: { errorInPlace },
    queryFn: ({ signal }) => apiGet(withQuery(source, query), documentsPage, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDocument(id: string) {
  return useQuery({
    queryKey: documentsKeys.one(id),
    meta: { errorInPlace: true },
    queryFn: ({ signal }) => apiGet(`/api/docs/doc/${encodeURIComponent(id)}`, documentRow, { signal }),
  });
}

/** GET /api/docs/combodest: the recipient groups. */
export function useDocumentGroups() {
  return useQuery({
    queryKey: documentsKeys.groups,
    queryFn: ({ signal }) => apiGet('/api/docs/combodest', comboReply, { signal }),
    staleTime: Infinity,
  });
}
