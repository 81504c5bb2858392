import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okReply } from '@portal/shared/schemas/auth';
import type { CapoareaOwnBody } from '@portal/shared/schemas/capoarea';
import type { AdminProfileBody } from '@portal/shared/schemas/me';
import type { RivenditoreOwnBody } from '@portal/shared/schemas/rivenditori';
import { apiPost } from '../../../lib/api-client.ts';
import { meKeys } from './me-keys.ts';
import { avatarKeys } from '../../avatar/api/avatar-keys.ts';

/** The body of POST /api/myprofile for each role (other keys are ignored: the server checks the role's form). */
export type MyProfileBody = AdminProfileBody | CapoareaOwnBody | RivenditoreOwnBody;

export function saveMyProfile(body: MyProfileBody): Promise<unknown> {
  return apiPost('/api/myprofile', body, okReply);
}

export function useSaveMyProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMyProfile,
    // The avatar menu and the mini profile read the same record: they show the change at once.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: meKeys.myProfile }),
        queryClient.invalidateQueries({ queryKey: meKeys.me }),
        queryClient.invalidateQueries({ queryKey: avatarKeys.all }),
      ]),
    meta: { silentError: true },
  });
}
