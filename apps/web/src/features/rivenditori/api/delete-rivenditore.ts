import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okReply } from '@portal/shared/schemas/auth';
import { apiDelete } from '../../../lib/api-client.ts';
import { rivenditoriKeys } from './rivenditori-keys.ts';

/**
 * DELETE /api/rivenditore/{id} (admin): the reseller and their login; installers, partners and coupons that
 * referred to them keep an empty reference.
 */
export function deleteRivenditore(id: string): Promise<unknown> {
  return apiDelete(`/api/rivenditore/${encodeURIComponent(id)}`, okReply);
}

export function useDeleteRivenditore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRivenditore,
    onSettled: () => queryClient.invalidateQueries({ queryKey: rivenditoriKeys.all }),
  });
}
