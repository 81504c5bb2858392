import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sospensioneReply } from '@portal/shared/schemas/posatori';
import { apiPost } from '../../../lib/api-client.ts';
import { posatoriKeys } from './posatori-keys.ts';

/**
 * POST /api/posatori/{id}/sospensione {sospeso}: the admin suspends (SOSPESO) or reinstates an installer, whose
 * profile becomes OK or INCOMPLETO again. Answers the resulting profile stato.
 */
export function setSospensione(id: string, sospeso: boolean) {
  return apiPost(`/api/posatori/${encodeURIComponent(id)}/sospensione`, { sospeso }, sospensioneReply);
}

export function useSetSospensione() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, sospeso }: { id: string; sospeso: boolean }) => setSospensione(id, sospeso),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: posatoriKeys.all }),
  });
}
