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
}
