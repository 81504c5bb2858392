import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okReply } from '@portal/shared/schemas/auth';
import { apiDelete } from '../../../lib/api-client.ts';
import { paymentPath } from './save-payment.ts';
import { partnersKeys } from './partners-keys.ts';

/** DELETE /api/partner/{uuid}/pagamenti/{name}, after 'Confermi cancellazione pagamento?': row and PDF go. */
export function deletePayment(partnerId: string, name: string): Promise<unknown> {
  return apiDelete(paymentPath(partnerId, name), okReply);
}

export function useDeletePayment(partnerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => deletePayment(partnerId, name),
    onSettled: () => queryClient.invalidateQueries({ queryKey: partnersKeys.all }),
  });
}
