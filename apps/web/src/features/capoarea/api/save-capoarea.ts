import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createdReply, okReply } from '@portal/shared/schemas/auth';
import type { CapoareaSaveBody } from '@portal/shared/schemas/capoarea';
import { apiPost } from '../../../lib/api-client.ts';
import { comboKey } from '../../combos/api/get-combo.ts';
import { capoareaKey } from './get-capoarea-list.ts';

/**
 * Saves the full record (admin): POST /api/capoarea/{id}, or for a new one (id null) POST /api/capoarea, which
 * also creates the login (username = the e-mail, no password yet). Answers the uuid either way.
 */
export async function saveCapoarea(id: string | null, body: CapoareaSaveBody): Promise<string> {
  if (id === null) return (await apiPost('/api/capoarea', body, createdReply)).uuid;
  await apiPost(`/api/capoarea/${encodeURIComponent(id)}`, body, okReply);
  return id;
}

export function useSaveCapoarea(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CapoareaSaveBody) => saveCapoarea(id, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: capoareaKey }),
        // The name is the label of the area-manager combos of the other forms.
        queryClient.invalidateQueries({ queryKey: comboKey('cbocapoarea') }),
      ]),
    // The form answers every failure itself ('Errore: {reason}').
    meta: { silentError: true },
  });
}
