import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okReply } from '@portal/shared/schemas/auth';
import { apiDelete } from '../../../lib/api-client.ts';
import { partnersKeys } from './partners-keys.ts';

/** DELETE /api/partner/{id} (admin, or an area manager in scope): its payments and their files go with it. */
export function deletePartner(id: string): Promise<unknown> {
  return apiDelete(`/api/partner/${encodeURIComponent(id)}`, okReply);
}

export function useDeletePartner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePartner,
    onSettled: () => queryClient.invalidateQueries({ queryKey: partnersKeys.all }),
  });
}
