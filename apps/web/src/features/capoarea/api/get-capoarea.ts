import { queryOptions, useQuery } from '@tanstack/react-query';
import { capoareaProfile, type CapoareaProfile } from '@portal/shared/schemas/capoarea';
import { apiGet } from '../../../lib/api-client.ts';
import { blankAccount } from '../../../lib/blank-account.ts';
import { capoareaKeys } from './capoarea-keys.ts';

/** The record of the create form (/admin/newcapoarea): there is no server call for a blank one. */
export const blankCapoarea: CapoareaProfile = { ...blankAccount() };

/** GET /api/capoarea/{id} (admin): the area manager, their provinces of competence and account. */
export function getCapoarea(id: string, signal?: AbortSignal): Promise<CapoareaProfile> {
  return apiGet(`/api/capoarea/${encodeURIComponent(id)}`, capoareaProfile, { signal });
}

export function capoareaQuery(id: string) {
  return queryOptions({
    queryKey: capoareaKeys.detail(id),
    meta: { errorInPlace: true },
    queryFn: ({ signal }) => getCapoarea(id, signal),
  });
}

export function useCapoarea(id: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...capoareaQuery(id), enabled: options.enabled ?? true });
}
