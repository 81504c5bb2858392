import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  importBatchReply,
  importRecord,
  importsPage,
  impposatoriPage,
  type ImportBatchReply,
  type ImportStartBody,
  type ImpposatoriQuery,
} from '@portal/shared/schemas/imports';
import { z } from 'zod';
import { apiGet, apiPost, withQuery } from '../../../lib/api-client.ts';
import { importsKeys } from './imports-keys.ts';

const startReply = z.object({ res: z.literal('OK'), id: z.string() });

/** POST /api/imports: the record of a new import, before its first batch. */
export async function startImport(body: ImportStartBody): Promise<string> {
  return (await apiPost('/api/imports', body, startReply)).id;
}

/** POST /api/imports/{id}/righe: one batch, stored in one transaction; every row's outcome comes back. */
export function sendBatch(
  id: string,
  righe: { riga: number; record: Record<string, string> }[],
  signal?: AbortSignal,
): Promise<ImportBatchReply> {
  return apiPost(`/api/imports/${id}/righe`, { righe }, importBatchReply, signal ? { signal } : {});
}

/** GET /api/imports: the latest imports first. */
export function useImports(page: number) {
  return useQuery({
    queryKey: importsKeys.list(page),
    queryFn: ({ signal }) => apiGet(withQuery('/api/imports', { page, size: 10 }), importsPage, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useImport(id: string) {
  return useQuery({
    queryKey: importsKeys.one(id),
    meta: { errorInPlace: true },
    queryFn: ({ signal }) => apiGet(`/api/imports/${id}`, importRecord, { signal }),
  });
}

/** GET /api/impposatori/{id}: the installers of one import, with its filters. */
export function useImpposatori(id: string, query: ImpposatoriQuery) {
  return useQuery({
    queryKey: importsKeys.posatori(id, query),
    queryFn: ({ signal }) => apiGet(withQuery(`/api/impposatori/${id}`, query), impposatoriPage, { signal }),
    placeholderData: keepPreviousData,
  });
}
