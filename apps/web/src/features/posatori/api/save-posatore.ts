import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okReply } from '@portal/shared/schemas/auth';
import type { PosatoreSaveBody } from '@portal/shared/schemas/posatori';
import { apiPost } from '../../../lib/api-client.ts';
import { avatarQuery } from '../../avatar/api/get-avatar.ts';
import { meQuery } from '../../me/api/get-me.ts';
import { posatoriKey } from './get-posatori.ts';

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
        queryClient.invalidateQueries({ queryKey: posatoriKey }),
        queryClient.invalidateQueries({ queryKey: meQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: avatarQuery.queryKey }),
      ]);
    },
    // The form answers every failure itself with 'Errore salvataggio' (spec section 4).
    meta: { silentError: true },
  });
}
