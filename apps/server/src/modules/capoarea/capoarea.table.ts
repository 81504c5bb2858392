export interface CapoareaTable {
  uuid: string;
  user_uuid: string | null;
  name: string;
  lastname: string;
  ragsoc: string;
  piva: string;
  codfis: string;
  address: string;
  city: string;
  cap: string;
  state: string;
  phone: string;
  cell: string;
  email: string;
  website: string;
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
