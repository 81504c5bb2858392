import { useMutation } from '@tanstack/react-query';
import { okReply } from '@portal/shared/schemas/auth';
import { apiPost } from '../../../lib/api-client.ts';
import { clearSession } from '../../../lib/session.ts';
import { forgetWallet } from '../../coupons/api/wallet-copy.ts';

/** POST /auth/logout {}. */
export function deleteSession(): Promise<unknown> {
  return apiPost('/auth/logout', {}, okReply);
}

export function useLogout() {
  return useMutation({
    mutationFn: deleteSession,
    // Forget the session locally even if the server could not be reached: the user asked to leave. The coupons
    // kept for offline use go with it: on a shared phone nothing of theirs stays behind.
    onSettled: () => {
      forgetWallet();
      clearSession();
    },
    meta: { silentError: true },
  });
}
