/**
 * Installer profile stato (the avatar's stato): only 'OK' opens the full installer menu (spec section 2).
 * Distinct from the account stato in users (active / disabled / requested).
 */
export type PosatoreStato = 'OK' | 'INCOMPLETO' | 'SOSPESO';

export interface PosatoriTable {
  uuid: string;
  user_uuid: string | null;
  name: string;
  lastname: string;
  ragsoc: string;
  /** YYYY-MM-DD or '' */
  dtnasc: string;
  codfis: string;
  code: string;
  /** Last course date, month field YYYY-MM-01 or '' */
  dtstart: string;
  address: string;
  city: string;
  cap: string;
  state: string;
  azienda: string;
  tipo: string;
  certificato: number;
  diisocianati: number;
  web: number;
  contoterzi: number;
  phone: string;
  cell: string;
  email: string;
  website: string;
  piva: string;
  capoarea: string | null;
  rivenditore: string | null;
  img: string;
  stato: PosatoreStato;
  /** Message shown on the installer's home (spec: view field err1). */
  err1: string;
  created_at: string;
  updated_at: string;
}
