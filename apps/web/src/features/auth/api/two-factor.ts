import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { okReply } from '@portal/shared/schemas/auth';
import type { TwoFactorDisableBody } from '@portal/shared/schemas/auth-forms';
import { twoFactorEnableReply, twoFactorSetupReply, twoFactorStateReply } from '@portal/shared/schemas/two-factor';
import { apiGet, apiPost } from '../../../lib/api-client.ts';
import { authKeys } from './auth-keys.ts';

/** GET /auth/2fa: whether one's account has a second factor, and whether one's role must keep it. */
export const twoFactorQuery = queryOptions({
  queryKey: authKeys.twoFactor,
  meta: { errorInPlace: true },
  queryFn: ({ signal }) => apiGet('/auth/2fa', twoFactorStateReply, { signal }),
});

export function useTwoFactorState() {
  return useQuery(twoFactorQuery);
}

/** POST /auth/2fa/setup: called by the enrolment, which tells its own failures. */
export const setupTwoFactor = () => apiPost('/auth/2fa/setup', {}, twoFactorSetupReply);

/** POST /auth/2fa/enable {code}: the recovery codes. */
export const enableTwoFactor = async (code: string) =>
  (await apiPost('/auth/2fa/enable', { code }, twoFactorEnableReply)).recoveryCodes;

/** POST /auth/2fa/disable {pwd, code}; the form tells a refusal under its fields. */
export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TwoFactorDisableBody) => apiPost('/auth/2fa/disable', body, okReply),
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.twoFactor }),
  });
}
