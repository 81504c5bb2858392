import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okReply } from '@portal/shared/schemas/auth';
import type { PaymentSaveBody } from '@portal/shared/schemas/partners';
import { apiPost } from '../../../lib/api-client.ts';
import { partnersKeys } from './partners-keys.ts';

const paymentPath = (partnerId: string, name: string) =>
  `/api/partner/${encodeURIComponent(partnerId)}/pagamenti/${encodeURIComponent(name)}`;

/** POST /api/partner/{uuid}/pagamenti/{name} {dtrinnovo, fatturato}: the partner's renewal figures follow. */
export function savePayment(partnerId: string, name: string, body: PaymentSaveBody): Promise<unknown> {
  return apiPost(paymentPath(partnerId, name), body, okReply);
}

export function useSavePayment(partnerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, body }: { name: string; body: PaymentSaveBody }) => savePayment(partnerId, name, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnersKeys.all }),
  });
}

export { paymentPath };
