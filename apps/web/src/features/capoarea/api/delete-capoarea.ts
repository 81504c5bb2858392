import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okReply } from '@portal/shared/schemas/auth';
import { apiDelete } from '../../../lib/api-client.ts';
import { capoareaKeys } from './capoarea-keys.ts';

/**
 * DELETE /api/capoarea/{id} (admin): the person, their provinces and their login; installers, resellers and
 * partners that referred to them keep an empty reference.
 */
export function deleteCapoarea(id: string): Promise<unknown> {
  return apiDelete(`/api/capoarea/${encodeURIComponent(id)}`, okReply);
}

export function useDeleteCapoarea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCapoarea,
    onSettled: () => queryClient.invalidateQueries({ queryKey: capoareaKeys.all }),
  });
}
