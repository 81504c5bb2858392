import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { resultReply, type resetPasswordBody } from '@portal/shared/schemas/auth';
import { apiPost } from '../../../lib/api-client.ts';

export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;
export type ResultReply = z.infer<typeof resultReply>;

/** POST /auth/resetpwd {pid, ppwd}: pid is the request id of the e-mailed link. */
export function resetPassword(body: ResetPasswordBody): Promise<ResultReply> {
  return apiPost('/auth/resetpwd', body, resultReply);
}

export function useResetPassword() {
  // The page turns every failure into 'Errore sessione' (or a field message), never a toast.
  return useMutation({ mutationFn: resetPassword, meta: { silentError: true } });
}
