import type { ImportKind, ImportOutcome } from '@portal/shared/schemas/imports';

/** One run of the import wizard (migration 2026-11-25-16); every batch adds its counts in its own transaction. */
export interface ImportsTable {
  uuid: string;
  tipo: ImportKind;
  file: string;
  user_uuid: string;
  started_at: string;
  updated_at: string;
  /** Data rows the file holds, as the wizard counted them. */
  righe: number;
  elaborate: number;
  nuovi: number;
  aggiornati: number;
  invariati: number;
  errori: number;
  coupon: number;
  /** The wizard's extras: coupon type uuid, qualification, month YYYY-MM-01; '' when not chosen. */
  impcoupon: string;
  impcorso: string;
  impdtcorso: string;
}

/** The installers an import stored or updated, and the coupons it gave each. */
export interface ImportPosatoriTable {
  import_uuid: string;
  posatore_uuid: string;
  esito: Exclude<ImportOutcome, 'errore'>;
  coupon: number;
}
