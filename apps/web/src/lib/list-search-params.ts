import { useSearchParams } from 'react-router';
import type { ZodType } from 'zod';

/**
 * The state of a list screen lives in the URL (filters, sort, page, view), so a reload, a shared link or the Back
 * button gives the same list. Values are strings; '' means "not set" and is left out of the URL.
 */
export function useListSearchParams<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const write = (changes: Readonly<Record<string, string | undefined>>, resetPage: boolean, replace: boolean) =>
    setParams((previous) => withChanges(previous, changes, resetPage), { replace });

  return {
    values: valuesOf(params, keys),
    page: pageOf(params),
    /** Changing a filter replaces the history entry (typing is not a step to go Back to) and returns to page 1. */
    setFilters: (changes: Partial<Record<K, string>>) => write(changes, true, true),
    clearFilters: (filterKeys: readonly K[]) =>
      write(Object.fromEntries(filterKeys.map((key) => [key, ''])), true, true),
    /** Paging is a step the Back button undoes. Page 1 is the default and stays out of the URL. */
    setPage: (next: number) => write({ page: next > 1 ? String(next) : '' }, false, false),
    /** A setting that does not select rows (the view switch) keeps the page. */
    setOption: (key: K, value: string) => write({ [key]: value }, false, true),
  };
}

/** The list's values by key, '' for a key not in the URL. */
export function valuesOf<K extends string>(params: URLSearchParams, keys: readonly K[]): Record<K, string> {
  return Object.fromEntries(keys.map((key) => [key, params.get(key) ?? ''])) as Record<K, string>;
}

/** The page in the URL; 1 when absent or not a whole number from 1 up (a hand-edited link). */
export function pageOf(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * The URL after a change: a value sets its key, '' or undefined takes it out. `resetPage`: another filter means
 * another list, which starts from its first page.
 */
export function withChanges(
  previous: URLSearchParams,
  changes: Readonly<Record<string, string | undefined>>,
  resetPage: boolean,
): URLSearchParams {
  const next = new URLSearchParams(previous);
  for (const [key, value] of Object.entries(changes)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  if (resetPage) next.delete('page');
  return next;
}

/**
 * The API query for a list's URL filters and page, checked with the list's shared query schema. A value the API
 * would refuse (a hand-edited link) is dropped, so the list still shows instead of failing with a 400.
 */
export function toListQuery<Q extends { page?: number | undefined }>(
  schema: ZodType<Q>,
  values: Readonly<Record<string, string>>,
  page: number,
): Q {
  const raw: Record<string, string | number> = { ...values, page };
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const refused = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
  const kept = Object.fromEntries(Object.entries(raw).filter(([key]) => !refused.has(key)));
  return schema.safeParse(kept).data ?? schema.parse({ page });
}

/** Where a row leads, and the list to come back to (its filters and page) after the edit screen. */
export type RowLink = { to: string; state: { listSearch: string } };

export function rowLink(to: string, listSearch: string): RowLink {
  return { to, state: { listSearch } };
}

/** The list's query string handed over by a row link (router state), if the screen was opened from one. */
export function listSearchOf(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('listSearch' in state)) return '';
  const search = state.listSearch;
  return typeof search === 'string' && search.startsWith('?') ? search : '';
}
