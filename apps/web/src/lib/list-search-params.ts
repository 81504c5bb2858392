import { useSearchParams } from 'react-router';

/**
 * The state of a list screen lives in the URL (filters, sort, page, view), so a reload, a shared link or the Back
 * button gives the same list. Values are strings; '' means "not set" and is left out of the URL.
 */
export function useListSearchParams<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(keys.map((key) => [key, params.get(key) ?? ''])) as Record<K, string>;
  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? pageParam : 1;

  const write = (changes: Readonly<Record<string, string | undefined>>, resetPage: boolean, replace: boolean) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        // Another filter means another list: it starts from its first page.
        if (resetPage) next.delete('page');
        return next;
      },
      { replace },
    );

  return {
    values,
    page,
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
