import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okReply } from '@portal/shared/schemas/auth';
import type { PosatoreSaveBody } from '@portal/shared/schemas/posatori';
import { apiPost } from '../../../lib/api-client.ts';
import { posatoriKeys } from './posatori-keys.ts';
import { meKeys } from '../../me/api/me-keys.ts';
import { avatarKeys } from '../../avatar/api/avatar-keys.ts';

/** POST /api/posatori/{id} with the full record: {res:'OK'} or 400 {res:'KO', reason, fields}. */
export function savePosatore(id: string, body: PosatoreSaveBody): Promise<unknown> {
  return apiPost(`/api/posatori/${encodeURIComponent(id)}`, body, okReply);
}

export function useSavePosatore(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PosatoreSaveBody) => savePosatore(id, body),
    onSuccess: async () => {
      // Lists, the profile, and for an installer's own save the card and the menu (stato) all change.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: posatoriKeys.all }),
        queryClient.invalidateQueries({ queryKey: meKeys.me }),
        queryClient.invalidateQueries({ queryKey: meKeys.pendingEmail }),
        queryClient.invalidateQueries({ queryKey: avatarKeys.all }),
      ]);
    },
    // The form answers every failure itself with 'Errore salvataggio'.
    meta: { silentError: true },
  });
}
