import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createdReply, okReply } from '@portal/shared/schemas/auth';
import type { RivenditoreSaveBody } from '@portal/shared/schemas/rivenditori';
import { apiPost } from '../../../lib/api-client.ts';
import { comboKey } from '../../combos/api/get-combo.ts';
import { rivenditoriKey } from './get-rivenditori.ts';

/**
 * Saves the full record (admin): POST /api/rivenditore/{id}, or for a new one (id null) POST /api/riventitore (the
 * path is spelled so), which also creates the login (username = the e-mail). Answers the uuid either way.
 */
export async function saveRivenditore(id: string | null, body: RivenditoreSaveBody): Promise<string> {
  if (id === null) return (await apiPost('/api/riventitore', body, createdReply)).uuid;
  await apiPost(`/api/rivenditore/${encodeURIComponent(id)}`, body, okReply);
  return id;
}

export function useSaveRivenditore(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RivenditoreSaveBody) => saveRivenditore(id, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: rivenditoriKey }),
        // The company is the label of the reseller combos of the other forms.
        queryClient.invalidateQueries({ queryKey: comboKey('cborivenditori') }),
      ]),
    // The form answers every failure itself ('Errore: {reason}').
    meta: { silentError: true },
  });
}
