import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { sessionsReply, type SessionsQuery } from '@portal/shared/schemas/usage-statistics';
import { apiGet, withQuery } from '../../../lib/api-client.ts';
import { usageStatisticsKeys } from './usage-statistics-keys.ts';

/** GET /api/sessions: the usage statistics of a range (dal..al; the server's defaults when absent). */
export function getUsageStatistics(range: SessionsQuery, signal?: AbortSignal) {
  return apiGet(withQuery('/api/sessions', range), sessionsReply, { signal });
}

export const usageStatisticsQuery = (range: SessionsQuery) =>
  queryOptions({
    queryKey: usageStatisticsKeys.range(range.dal ?? '', range.al ?? ''),
    meta: { errorInPlace: true },
    queryFn: ({ signal }) => getUsageStatistics(range, signal),
    // A new range keeps the figures on screen until its own arrive.
    placeholderData: keepPreviousData,
  });

export const useUsageStatistics = (range: SessionsQuery) => useQuery(usageStatisticsQuery(range));

/** GET /api/exports/sessions: the same figures as a workbook, one sheet per table. */
export const usageStatisticsExportUrl = (range: SessionsQuery) => withQuery('/api/exports/sessions', range);
