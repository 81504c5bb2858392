/** A periodic task's next turn (migration 2026-11-26-22): the instance that moves `until` on runs it. */
export interface TimerTurnsTable {
  name: string;
  until: string;
}
