const all = ['posatori'] as const;

/**
 * The installers' query keys. Everything starts with `all`, so that a save, a delete or a status change refreshes
 * every list, profile and figure of installers (the reseller's home counts them too).
 */
export const posatoriKeys = {
  all,
  list: (source: string, query: unknown) => [...all, 'list', source, query] as const,
  detail: (id: string) => [...all, 'detail', id] as const,
  resellerHome: [...all, '4ri_home'] as const,
};
