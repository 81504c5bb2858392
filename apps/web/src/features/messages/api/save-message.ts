import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageSavedReply, type MessageSaveBody } from '@portal/shared/schemas/messages';
import { apiPost } from '../../../lib/api-client.ts';
import { messagesKeys } from './messages-keys.ts';

/** POST /api/messages/message/{id}: 'nuovo' sends, an id of one's own sent message saves its changes. */
export function saveMessage({ id, body }: { id: string; body: MessageSaveBody }) {
  return apiPost(`/api/messages/message/${encodeURIComponent(id)}`, body, messageSavedReply);
}

export function useSaveMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    // The screen tells a failure itself (its notice or its own toast): see lib/query-client.ts.
    meta: { silentError: true },
    mutationFn: saveMessage,
    onSettled: () => queryClient.invalidateQueries({ queryKey: messagesKeys.all }),
  });
}
