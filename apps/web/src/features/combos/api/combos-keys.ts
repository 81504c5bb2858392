/**
 * The combos' query keys: `of(name)` holds every province filter of one combo, so that a registry that renames an
 * entry refreshes them all.
 */
export const combosKeys = {
  of: (name: string) => ['combo', name] as const,
  /** prov: the province filter of cbocapoarea / cborivenditori; null for the others. */
  options: (name: string, prov: string | null) => ['combo', name, prov] as const,
};
