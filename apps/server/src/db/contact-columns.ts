/**
 * The tax ids, address and contacts that area managers, resellers and partners all keep, with the same columns
 * (installers keep them in another order, with their own fields between).
 */
export interface ContactColumns {
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
}
