const all = ['partners'] as const;

/**
 * The partners' query keys. Everything starts with `all`: a save, a delete or a payment refreshes every list,
 * partner, payment list and the area manager's home (which counts partners).
 */
export const partnersKeys = {
  all,
  list: (source: string, query: unknown) => [...all, 'list', source, query] as const,
  /** 'nuovo' for the blank record of the create form. */
  detail: (id: string) => [...all, 'detail', id] as const,
  payments: (partnerId: string) => [...all, 'payments', partnerId] as const,
  areaManagerHome: [...all, 'ca2'] as const,
};
