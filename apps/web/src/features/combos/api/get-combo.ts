import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { comboReply, type ComboOption } from '@portal/shared/schemas/combos';
import { apiGet } from '../../../lib/api-client.ts';
import { combosKeys } from './combos-keys.ts';

/** The combo endpoints that the screens use. */
export type ComboName =
  | 'qualifiche'
  | 'tipicert'
  | 'cbostato'
  | 'posaorder'
  | 'liststates'
  | 'cbocapoarea'
  | 'cborivenditori'
  | 'priolist'
  | 'cbocorsi'
  | 'cbotcoupons'
  | 'cbotcoupons2'
  | 'tipiposa';

const anyReply = z.unknown();

/**
 * GET /api/{combo}[?prov=XX]. A malformed combo list is treated as empty (so is any entry of
 * liststates without a value), rather than breaking the screen that shows it.
 */
export async function getCombo(
  name: ComboName,
  prov: string | undefined,
  signal?: AbortSignal,
): Promise<ComboOption[]> {
  const path = prov === undefined ? `/api/${name}` : `/api/${name}?prov=${encodeURIComponent(prov)}`;
  const parsed = comboReply.safeParse(await apiGet(path, anyReply, { signal }));
  if (!parsed.success) {
    console.error(`Combo ${name} non valida: trattata come vuota`, parsed.error.issues);
    return [];
  }
  return name === 'liststates' ? parsed.data.filter((option) => option.value !== '') : parsed.data;
}

/** prov: the province filter of cbocapoarea / cborivenditori ('' for all of them); omitted for the others. */
export function comboQuery(name: ComboName, prov?: string) {
  return queryOptions({
    queryKey: combosKeys.options(name, prov ?? null),
    queryFn: ({ signal }) => getCombo(name, prov, signal),
    // Reference data: it changes rarely and several screens share it.
    staleTime: 10 * 60_000,
  });
}

export function useCombo(name: ComboName, prov?: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...comboQuery(name, prov), enabled: options.enabled ?? true });
}
