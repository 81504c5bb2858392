/** The global search's query keys, one per text searched. */
export const searchKeys = {
  results: (text: string) => ['search', text] as const,
};
