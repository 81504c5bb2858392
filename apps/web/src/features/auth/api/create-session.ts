import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loginReply, type CheckReply, type LoginBody, type LoginReply } from '@portal/shared/schemas/auth';
import { apiPost } from '../../../lib/api-client.ts';
import { clearSessionNotice, sessionQueryKey } from '../../../lib/session.ts';

/** POST /auth/login: {res:'OK', role} or {res:'KO'} (shown as 'Login errata'). */
export function createSession(body: LoginBody): Promise<LoginReply> {
  return apiPost('/auth/login', body, loginReply);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSession,
    onSuccess: (reply) => {
      if (reply.res !== 'OK') return;
      clearSessionNotice();
      // The session entry drives every redirect: the login page now sends the user to their area.
      queryClient.setQueryData<CheckReply>(sessionQueryKey, { role: reply.role });
    },
  });
}
