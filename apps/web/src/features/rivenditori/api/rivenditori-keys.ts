const all = ['rivenditori'] as const;

/** The resellers' query keys: a save, a delete or a status change refreshes everything under `all`. */
export const rivenditoriKeys = {
  all,
  list: (source: string, query: unknown) => [...all, 'list', source, query] as const,
  detail: (id: string) => [...all, 'detail', id] as const,
};
