import { queryOptions, useQuery } from '@tanstack/react-query';
import { posatoreProfile, type PosatoreProfile } from '@portal/shared/schemas/posatori';
import { apiGet } from '../../../lib/api-client.ts';
import { posatoriKeys } from './posatori-keys.ts';

/** GET /api/posatori/{id}: the installer profile, for every role that reaches it. */
export function getPosatore(id: string, signal?: AbortSignal): Promise<PosatoreProfile> {
  return apiGet(`/api/posatori/${encodeURIComponent(id)}`, posatoreProfile, { signal });
}

export function posatoreQuery(id: string) {
  return queryOptions({
    queryKey: posatoriKeys.detail(id),
    meta: { errorInPlace: true },
    queryFn: ({ signal }) => getPosatore(id, signal),
  });
}

export function usePosatore(id: string | undefined) {
  return useQuery({ ...posatoreQuery(id ?? ''), enabled: id !== undefined && id !== '' });
}
