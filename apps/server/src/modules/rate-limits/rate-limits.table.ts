/** One rate limit's counter for one key (migration 2026-11-26-22). */
export interface RateCountersTable {
  key: string;
  /** The window the hits belong to: the time divided by the window's length. */
  slot: number;
  hits: number;
  /** When the window ends; housekeeping deletes the rows past it. */
  expires_at: string;
}
