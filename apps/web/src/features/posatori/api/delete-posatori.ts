import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okReply } from '@portal/shared/schemas/auth';
import { apiDelete } from '../../../lib/api-client.ts';
import { posatoriKeys } from './posatori-keys.ts';

/** DELETE /api/posatore/{id} (admin, or an area manager in scope). */
export function deletePosatore(id: string): Promise<unknown> {
  return apiDelete(`/api/posatore/${encodeURIComponent(id)}`, okReply);
}

/**
 * Deletes one or several installers ('Confermi Cancellazione di N posatori?' deletes all of them), one call
 * each. Every call is attempted; the first failure is then reported, and the list reloads either way.
 */
export async function deletePosatori(ids: readonly string[]): Promise<void> {
  const results = await Promise.allSettled(ids.map((id) => deletePosatore(id)));
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

export function useDeletePosatori() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePosatori,
    onSettled: () => queryClient.invalidateQueries({ queryKey: posatoriKeys.all }),
  });
}
