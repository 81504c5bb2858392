import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { okReply } from '@portal/shared/schemas/auth';
import type { PrivacyEntity } from '@portal/shared/schemas/privacy';
import { apiPost } from '../../../lib/api-client.ts';
import { auditKeys } from '../../audit/api/get-audit.ts';

/** POST /api/privacy/erase/{entity}/{id} (admin): erases a person's data (GDPR art. 17). */
export function erasePerson(entity: PrivacyEntity, id: string) {
  return apiPost(`/api/privacy/erase/${entity}/${encodeURIComponent(id)}`, {}, okReply);
}

/** The erasure, then the registry's lists and records (ownerKey) and the trail read again. */
export function useErasePerson(ownerKey: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ entity, id }: { entity: PrivacyEntity; id: string }) => erasePerson(entity, id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ownerKey });
      await queryClient.invalidateQueries({ queryKey: auditKeys.all });
    },
  });
}
