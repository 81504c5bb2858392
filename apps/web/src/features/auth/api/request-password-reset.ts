import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { okReply, type resetRequestBody } from '@portal/shared/schemas/auth';
import { apiPost } from '../../../lib/api-client.ts';

export type ResetRequest = z.infer<typeof resetRequestBody>;

/** POST /auth/resetpassword {user}: always {res:'OK'}, so nobody learns whether the user exists. */
export function requestPasswordReset(body: ResetRequest): Promise<unknown> {
  return apiPost('/auth/resetpassword', body, okReply);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
