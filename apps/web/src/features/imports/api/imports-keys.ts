const all = ['imports'] as const;

/** The imports' query keys: a finished import refreshes everything under `all`. */
export const importsKeys = {
  all,
  list: (page: number) => [...all, 'list', page] as const,
  one: (id: string) => [...all, 'one', id] as const,
  posatori: (id: string, query: unknown) => [...all, 'posatori', id, query] as const,
};
