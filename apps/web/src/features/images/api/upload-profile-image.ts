import { useMutation, useQueryClient } from '@tanstack/react-query';
import { imageUploadReply, type ImageUploadReply } from '@portal/shared/schemas/images';
import { apiUpload } from '../../../lib/api-client.ts';
import { avatarQuery } from '../../avatar/api/get-avatar.ts';
import { meQuery } from '../../me/api/get-me.ts';
import { posatoriKey } from '../../posatori/api/get-posatori.ts';

/**
 * The profile image endpoints (spec section 7): /api/saveimg/{uuid}/profile for someone else's profile,
 * /api/savemyimg/profile for one's own.
 */
export type ProfileImagePath = `/api/saveimg/${string}/profile` | '/api/savemyimg/profile';

/** POST multipart (file, filename) -> {res:'OK', path}; the server stores path as the profile's img. */
export function uploadProfileImage(path: ProfileImagePath, file: File): Promise<ImageUploadReply> {
  return apiUpload(path, file, imageUploadReply);
}

export function useUploadProfileImage(path: ProfileImagePath) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadProfileImage(path, file),
    // The image shows in the lists, the form, and for one's own in the toolbar and the card.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: posatoriKey }),
        queryClient.invalidateQueries({ queryKey: meQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: avatarQuery.queryKey }),
      ]),
  });
}
