/** One entry of the audit trail (migration 2026-11-26-22): written once, never updated; old rows are purged. */
export interface AuditLogTable {
  uuid: string;
  at: string;
  /** The account that acted; null when nobody is known (a failed login of an unknown address). */
  actor: string | null;
  /** The actor's username when the entry was written. */
  actor_name: string;
  action: string;
  entity: string;
  entity_id: string;
  /** JSON list of {field, before, after}. */
  changes: string;
}
