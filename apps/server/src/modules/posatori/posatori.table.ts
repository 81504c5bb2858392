/**
 * Installer profile stato (the avatar's stato): only 'OK' opens the full installer menu.
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
  /** Kept by the repository from name, lastname and code (posatoreKeys): sort keys and the name search text. */
  lastname_key: string;
  name_key: string;
  name_search: string;
  code_key: string;
  /** The login account's stato, 'none' without one: kept by the auth module's users.repository whenever an account changes. */
  userstato: 'active' | 'disabled' | 'requested' | 'none';
  /** Coupons held: kept by refreshCouponCounts whenever coupons are added, removed, retyped or redeemed. */
  coupon: number;
  /** Their value in cents, the redeemed ones and their value, the last redemption date: kept with `coupon`. */
  coupon_valore: number;
  coupon_usati: number;
  coupon_valore_usati: number;
  coupon_ultima: string | null;
  created_at: string;
  updated_at: string;
}

/** The coupon figures kept on an installer's row by refreshCouponCounts. */
export type PosatoreCouponTotals = Pick<
  PosatoriTable,
  'coupon' | 'coupon_valore' | 'coupon_usati' | 'coupon_valore_usati' | 'coupon_ultima'
>;

/** A new installer's: no coupons yet. */
export const noCouponTotals: PosatoreCouponTotals = {
  coupon: 0,
  coupon_valore: 0,
  coupon_usati: 0,
  coupon_valore_usati: 0,
  coupon_ultima: null,
};
