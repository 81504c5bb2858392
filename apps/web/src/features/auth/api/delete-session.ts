import { useMutation } from '@tanstack/react-query';
import { okReply } from '@portal/shared/schemas/auth';
import { apiPost } from '../../../lib/api-client.ts';
import { clearSession } from '../../../lib/session.ts';

/** POST /auth/logout {}. */
export function deleteSession(): Promise<unknown> {
  return apiPost('/auth/logout', {}, okReply);
}

export function useLogout() {
  return useMutation({
    mutationFn: deleteSession,
    // Forget the session locally even if the server could not be reached: the user asked to leave.
    onSettled: () => clearSession(),
    meta: { silentError: true },
  });
}
