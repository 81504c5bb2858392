import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createdReply, okReply } from '@portal/shared/schemas/auth';
import { VIDEO_EXTENSIONS, type DocumentSaveBody } from '@portal/shared/schemas/documents';
import { apiDelete, apiPost, apiUpload, type UploadProgress } from '../../../lib/api-client.ts';
import { captureVideoFrame } from '../../../lib/video-poster.ts';
import { documentsKeys } from './documents-keys.ts';

const isVideoFile = (file: File) =>
  (VIDEO_EXTENSIONS as readonly string[]).includes(file.name.toLowerCase().split('.').pop() ?? '');

/**
 * POST /api/docs/caricadoc: a new document from a file, with its progress (a video may be 2 GB); its title and
 * groups are set next, on its edit form. A video's poster frame is drawn from the local file before it is sent and
 * posted after it (POST /api/docs/poster/{id}); without one the list shows the type's icon.
 */
export function useUploadDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    // The screen tells a failure itself (its notice or its own toast): see lib/query-client.ts.
    meta: { silentError: true },
    mutationFn: async ({ file, onProgress }: { file: File; onProgress: (progress: UploadProgress) => void }) => {
      const poster = isVideoFile(file) ? await captureVideoFrame(file) : undefined;
      const created = await apiUpload('/api/docs/caricadoc', file, createdReply, { onProgress });
      if (poster) {
        const image = new File([poster], 'anteprima.jpg', { type: 'image/jpeg' });
        await apiUpload(`/api/docs/poster/${encodeURIComponent(created.uuid)}`, image, okReply).catch(
          (error: unknown) => console.info("Anteprima del video non salvata: resta l'icona del tipo", error),
        );
      }
      return created;
    },
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
