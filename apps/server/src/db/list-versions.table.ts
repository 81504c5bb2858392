/** One counter per listed table, bumped by a trigger on every write to it (migration 2026-11-23-07). */
export interface ListVersionsTable {
  name: string;
  version: number;
}
