import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createdReply, okReply } from '@portal/shared/schemas/auth';
import type { PartnerSaveBody } from '@portal/shared/schemas/partners';
import { apiPost } from '../../../lib/api-client.ts';
import { partnersKey } from './get-partners.ts';

/**
 * Saves the full record: POST /api/partner/{id} -> {res:'OK'}, or for a new partner (id null) POST
 * /api/partner/nuovo -> {res:'OK', uuid}. Answers the partner's uuid either way.
 */
export async function savePartner(id: string | null, body: PartnerSaveBody): Promise<string> {
  if (id === null) return (await apiPost('/api/partner/nuovo', body, createdReply)).uuid;
  await apiPost(`/api/partner/${encodeURIComponent(id)}`, body, okReply);
  return id;
}

export function useSavePartner(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PartnerSaveBody) => savePartner(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnersKey }),
    // The form answers every failure itself ('Errore salvataggio' with the fields marked).
    meta: { silentError: true },
  });
}
