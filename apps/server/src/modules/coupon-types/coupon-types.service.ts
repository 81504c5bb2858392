import { centsToEuros, eurosToCents } from '@portal/shared/money';
import type { CouponTypeBlank, CouponTypeForm, CouponTypeRow } from '@portal/shared/schemas/coupons';
import type { Db, DbOrTx } from '../../db/database.ts';
import { nowIso } from '../../lib/clock.ts';
import { newId } from '../../lib/tokens.ts';
import { HttpError, notFound } from '../../plugins/error-envelope.ts';
import type { CouponTypesTable } from '../coupons/coupons.table.ts';
import * as repo from './coupon-types.repository.ts';

/** A type with coupons can only be switched off: its coupons keep their type, value and history. */
const TYPE_HAS_COUPONS = 'Il tipo ha dei coupon: si può solo disattivare';

const toRow = (t: CouponTypesTable): CouponTypeRow => ({
  uuid: t.uuid,
  tipo: t.tipo,
  colore: t.colore,
  valore: centsToEuros(t.valore),
  ncoupon: t.ncoupon,
  minima: centsToEuros(t.minima),
  mesi: t.mesi,
  descri: t.descri,
  ccoupon: t.ccoupon,
  disattiva: t.disattiva === 1,
});

const fromForm = (f: CouponTypeForm): repo.TypeUpdate => ({
  tipo: f.tipo,
  valore: eurosToCents(f.valore),
  descri: f.descri,
  colore: f.colore.toLowerCase(),
  ncoupon: f.ncoupon,
  minima: eurosToCents(f.minima),
  mesi: f.mesi,
});

export async function listTypes(db: DbOrTx): Promise<CouponTypeRow[]> {
  return (await repo.listTypes(db)).map(toRow);
}

export async function getType(db: DbOrTx, uuid: string): Promise<CouponTypeRow> {
  const t = await repo.findType(db, uuid);
  if (!t) throw notFound();
  return toRow(t);
}

/** GET /api/ntcoupon: what the new-type form starts from (one coupon, valid 12 months, the brand's red). */
export const blankType = (): CouponTypeBlank => ({
  tipo: '',
  valore: 0,
  descri: '',
  colore: '#c62828',
  ncoupon: 1,
  minima: 0,
  mesi: 12,
});

/** POST /api/tcoupon/{id}: 'nuovo' creates (answering the new uuid), a uuid updates. */
export async function saveType(db: DbOrTx, id: string, form: CouponTypeForm): Promise<string> {
  if (id === 'nuovo') {
    const uuid = newId();
    await repo.insertType(db, { uuid, ...fromForm(form), disattiva: 0, ccoupon: 0, created_at: nowIso() });
    return uuid;
  }
  if (!(await repo.updateType(db, id, fromForm(form)))) throw notFound();
  return id;
}

export async function setDisabled(db: DbOrTx, uuid: string, disabled: boolean): Promise<void> {
  if (!(await repo.setDisabled(db, uuid, disabled))) throw notFound();
}

/** Only a type nobody holds a coupon of; checked and deleted in one transaction, so an assignment cannot slip in. */
export async function deleteType(db: Db, uuid: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    if (!(await repo.findType(tx, uuid))) throw notFound();
    if (await repo.hasCoupons(tx, uuid)) throw new HttpError(409, TYPE_HAS_COUPONS);
    await repo.deleteType(tx, uuid);
  });
}
