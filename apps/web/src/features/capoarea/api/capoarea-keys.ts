const all = ['capoarea'] as const;

/** The area managers' query keys: a save, a delete or a status change refreshes everything under `all`. */
export const capoareaKeys = {
  all,
  list: (query: unknown) => [...all, 'list', query] as const,
  detail: (id: string) => [...all, 'detail', id] as const,
};
