import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okReply } from '@portal/shared/schemas/auth';
import { apiDelete } from '../../../lib/api-client.ts';
import { type GalleryPath } from './get-gallery.ts';
import { imagesKeys } from './images-keys.ts';

/** DELETE {gallery}/{item name}. */
export function deleteGalleryImage(path: GalleryPath, name: string): Promise<unknown> {
  return apiDelete(`${path}/${encodeURIComponent(name)}`, okReply);
}

export function useDeleteGalleryImage(path: GalleryPath) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => deleteGalleryImage(path, name),
    onSettled: () => queryClient.invalidateQueries({ queryKey: imagesKeys.gallery(path) }),
  });
}
