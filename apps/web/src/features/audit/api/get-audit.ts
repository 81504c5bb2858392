import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { auditPage, type AuditQuery } from '@portal/shared/schemas/audit';
import { apiGet, withQuery } from '../../../lib/api-client.ts';

/** The audit's query keys: the trail only grows, so a list is read again whenever it is shown. */
export const auditKeys = {
  all: ['audit'] as const,
  list: (query: AuditQuery) => ['audit', 'list', query] as const,
};

/** GET /api/audit (admin): a page of the trail; errorInPlace, the screen shows a failed load in place of the rows. */
export function useAudit(query: AuditQuery) {
  return useQuery({
    queryKey: auditKeys.list(query),
    meta: { errorInPlace: true },
    queryFn: ({ signal }) => apiGet(withQuery('/api/audit', query), auditPage, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
