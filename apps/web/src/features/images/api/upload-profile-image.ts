import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { imageUploadReply, type ImageUploadReply } from '@portal/shared/schemas/images';
import { apiUpload } from '../../../lib/api-client.ts';
import { meKeys } from '../../me/api/me-keys.ts';
import { avatarKeys } from '../../avatar/api/avatar-keys.ts';

/**
 * The profile image endpoints: /api/saveimg/{uuid}/profile for someone else's profile,
 * /api/savemyimg/profile for one's own.
 */
export type ProfileImagePath = `/api/saveimg/${string}/profile` | '/api/savemyimg/profile';

/** POST multipart (file, filename) -> {res:'OK', path}; the server stores path as the profile's img. */
export function uploadProfileImage(path: ProfileImagePath, file: File): Promise<ImageUploadReply> {
  return apiUpload(path, file, imageUploadReply);
}

/** ownerKey: the queries of the registry the image belongs to (its lists and its profile), refreshed after. */
export function useUploadProfileImage(path: ProfileImagePath, ownerKey: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadProfileImage(path, file),
    // The image shows in the lists, the form, and for one's own in the toolbar and the card.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ownerKey }),
        queryClient.invalidateQueries({ queryKey: meKeys.me }),
        queryClient.invalidateQueries({ queryKey: avatarKeys.all }),
      ]),
  });
}
