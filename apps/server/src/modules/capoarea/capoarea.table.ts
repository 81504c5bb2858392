import type { ContactColumns } from '../../db/contact-columns.ts';

export interface CapoareaTable extends ContactColumns {
  uuid: string;
  user_uuid: string | null;
  name: string;
  lastname: string;
  ragsoc: string;
  img: string;
  created_at: string;
  updated_at: string;
  /** Kept by the repository (capoareaKeys): sort keys and the name search text. */
  lastname_key: string;
  name_key: string;
  name_search: string;
}

export interface CapoareaProvsTable {
  capoarea_uuid: string;
  prov: string;
}
