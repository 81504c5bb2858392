import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { okReply } from '@portal/shared/schemas/auth';
import { apiPost } from '../../../lib/api-client.ts';

/**
 * POST /auth/admin/resetpassword {user}: user is the uuid of the installer, area manager or reseller. An active
 * account gets a reset link, any other an activation link (an account is created when there is none).
 */
export function adminResetPassword(uuid: string): Promise<unknown> {
  return apiPost('/auth/admin/resetpassword', { user: uuid }, okReply);
}

/** ownerKey: the registry's queries; an activation creates or re-requests the account, so its status changes. */
export function useAdminResetPassword(ownerKey?: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminResetPassword,
    onSuccess: () => (ownerKey ? queryClient.invalidateQueries({ queryKey: ownerKey }) : undefined),
  });
}
