import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okReply } from '@portal/shared/schemas/auth';
import { apiPost } from '../../../lib/api-client.ts';
import { messagesKeys } from './messages-keys.ts';
import { avatarKeys } from '../../avatar/api/avatar-keys.ts';

/** POST /api/setread/{id} or /api/setunread/{id}: the recipient's own read state. */
export function setRead({ id, read }: { id: string; read: boolean }): Promise<unknown> {
  return apiPost(`/api/${read ? 'setread' : 'setunread'}/${encodeURIComponent(id)}`, {}, okReply);
}

/** Changing a read state refreshes the folders and the bell (the avatar's unread count). */
export function useSetRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRead,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: messagesKeys.all }),
        queryClient.invalidateQueries({ queryKey: avatarKeys.all }),
      ]);
    },
  });
}
