export interface CouponTypesTable {
  uuid: string;
  tipo: string;
  colore: string;
  /** cents */
  valore: number;
  ncoupon: number;
  /** cents */
  minima: number;
  mesi: number;
  descri: string;
  disattiva: number;
  /** Coupons of this type, kept by the coupon service (refreshTypeCounts). */
  ccoupon: number;
  created_at: string;
}

export interface CouponsTable {
  uuid: string;
  code: string;
  posatore: string;
  tipo: string;
  /** cents */
  valore: number;
  /** YYYY-MM-DD */
  scadenza: string;
  /** YYYY-MM-DD when executed (redeemed), else null */
  dtesecuzione: string | null;
  rivenditore: string | null;
  created_at: string;
}
