import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { accountStatoReply, type AccountStatoBody } from '@portal/shared/schemas/capoarea';
import { apiPost } from '../../../lib/api-client.ts';

/** The registries whose accounts the admin disables and re-enables (an installer's path says 'accesso'). */
export type StatoPath =
  `/api/capoarea/${string}/stato` | `/api/rivenditore/${string}/stato` | `/api/posatori/${string}/accesso`;

/**
 * POST {registry}/{id}/stato {stato:'active'|'disabled'}: disabling ends the account's sessions; re-enabling gives
 * back 'active', or 'requested' to an account that never set a password. Answers the resulting stato.
 */
export function setAccountStato(path: StatoPath, stato: AccountStatoBody['stato']) {
  return apiPost(path, { stato }, accountStatoReply);
}

/** ownerKey: the registry's queries (its lists show the status dot), refreshed after. */
export function useSetAccountStato(ownerKey: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ path, stato }: { path: StatoPath; stato: AccountStatoBody['stato'] }) =>
      setAccountStato(path, stato),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownerKey }),
  });
}
