import { useQuery } from '@tanstack/react-query';
import { messageDetail, type MessageDetail } from '@portal/shared/schemas/messages';
import { apiGet } from '../../../lib/api-client.ts';
import { messagesKeys } from './messages-keys.ts';

/** GET /api/messages/message/{id}: a message its sender or a recipient opens; 'nuovo' is the empty composer. */
export function getMessage(id: string, signal?: AbortSignal): Promise<MessageDetail> {
  return apiGet(`/api/messages/message/${encodeURIComponent(id)}`, messageDetail, { signal });
}

export function useMessage(id: string) {
  return useQuery({
    queryKey: messagesKeys.one(id),
    queryFn: ({ signal }) => getMessage(id, signal),
    meta: { errorInPlace: true },
  });
}
