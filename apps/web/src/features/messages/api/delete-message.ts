import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okReply } from '@portal/shared/schemas/auth';
import { apiDelete } from '../../../lib/api-client.ts';
import { messagesKeys } from './messages-keys.ts';

/** DELETE /api/messages/message/{id}: its sender only; it leaves every inbox. */
export function deleteMessage(id: string): Promise<unknown> {
  return apiDelete(`/api/messages/message/${encodeURIComponent(id)}`, okReply);
}

export function useDeleteMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    // The screen tells a failure itself (its notice or its own toast): see lib/query-client.ts.
    meta: { silentError: true },
    mutationFn: deleteMessage,
    onSettled: () => queryClient.invalidateQueries({ queryKey: messagesKeys.all }),
  });
}
