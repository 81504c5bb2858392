/** One press of 'Invio massivo attivazioni' (migration 2026-11-25-14). */
export interface MassActivationsTable {
  uuid: string;
  started_by: string;
  started_at: string;
  finished_at: string;
  candidati: number;
  accodati: number;
  senza_email: number;
  email_non_valida: number;
  email_condivisa: number;
  link_validi: number;
  /** Who runs the press now and until when (migration 2026-11-26-22): another instance takes an expired lease. */
  lease_owner: string;
  lease_until: string;
  /** The last installer of the last committed batch: a resumed run goes on after it. */
  cursor: string;
}
