const all = ['documents'] as const;

/** The documents' query keys: an upload, a save or a delete refreshes everything under `all`. */
export const documentsKeys = {
  all,
  list: (source: string, query: unknown) => [...all, 'list', source, query] as const,
  one: (id: string) => [...all, 'one', id] as const,
  groups: [...all, 'combodest'] as const,
};
