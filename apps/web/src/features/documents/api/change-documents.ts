import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createdReply, okReply } from '@portal/shared/schemas/auth';
import type { DocumentSaveBody } from '@portal/shared/schemas/documents';
import { apiDelete, apiPost, apiUpload } from '../../../lib/api-client.ts';
import { documentsKeys } from './documents-keys.ts';

/** POST /api/docs/caricadoc: a new document from a file; its title and groups are set next, on its edit form. */
export function useUploadDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    // The screen tells a failure itself (its notice or its own toast): see lib/query-client.ts.
    meta: { silentError: true },
    mutationFn: (file: File) => apiUpload('/api/docs/caricadoc', file, createdReply),
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentsKeys.all }),
  });
}

/** POST /api/docs/doc/{id}: title and groups. */
export function useSaveDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    // The screen tells a failure itself (its notice or its own toast): see lib/query-client.ts.
    meta: { silentError: true },
    mutationFn: ({ id, body }: { id: string; body: DocumentSaveBody }) =>
      apiPost(`/api/docs/doc/${encodeURIComponent(id)}`, body, okReply),
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentsKeys.all }),
  });
}

/** DELETE /api/docs/doc/{id}: the document and its file. */
export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    // The screen tells a failure itself (its notice or its own toast): see lib/query-client.ts.
    meta: { silentError: true },
    mutationFn: (id: string) => apiDelete(`/api/docs/doc/${encodeURIComponent(id)}`, okReply),
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentsKeys.all }),
  });
}
