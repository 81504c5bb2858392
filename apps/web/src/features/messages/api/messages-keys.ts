const all = ['messages'] as const;

/** The messages' query keys: a send, an edit, a delete or a read-state change refreshes everything under `all`. */
export const messagesKeys = {
  all,
  list: (folder: string, query: unknown) => [...all, 'list', folder, query] as const,
  tipiLettura: (folder: string) => [...all, 'tipiletto', folder] as const,
  one: (id: string) => [...all, 'one', id] as const,
  dests: (text: string) => [...all, 'dests', text] as const,
};
