import { useMutation, useQueryClient } from '@tanstack/react-query';
import { imageUploadReply, type ImageUploadReply } from '@portal/shared/schemas/images';
import { apiUpload } from '../../../lib/api-client.ts';
import { type GalleryPath } from './get-gallery.ts';
import { imagesKeys } from './images-keys.ts';

/** POST multipart (file, filename) to the gallery: the server makes the full image and the thumbnail. */
export function addGalleryImage(path: GalleryPath, file: File): Promise<ImageUploadReply> {
  return apiUpload(path, file, imageUploadReply);
}

export function useAddGalleryImage(path: GalleryPath) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => addGalleryImage(path, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: imagesKeys.gallery(path) }),
  });
}
