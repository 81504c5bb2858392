import { centsToEuros, eurosToCents } from '@portal/shared/money';
import type { CouponTypeBlank, CouponTypeForm, CouponTypeRow } from '@portal/shared/schemas/coupons';
import type { Db, DbOrTx } from '../../db/database.ts';
import { nowIso } from '../../lib/clock.ts';
import { newId } from '../../lib/tokens.ts';
import { HttpError, notFound } from '../../plugins/error-envelope.ts';
import type { CouponTypesTable } from '../coupons/coupons.table.ts';
import { changesOf, fieldsOf, recordAudit } from '../audit/audit.service.ts';
import type { Viewer } from '../reach/viewer.ts';
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

/** POST /api/tcoupon/{id}: 'nuovo' creates (answering the new uuid), a uuid updates; each with its audit entry. */
export async function saveType(db: Db, viewer: Viewer, id: string, form: CouponTypeForm): Promise<string> {
  const actor = viewer.userUuid;
  if (id === 'nuovo') {
    const uuid = newId();
    await db.transaction().execute(async (tx) => {
      await repo.insertType(tx, { uuid, ...fromForm(form), disattiva: 0, ccoupon: 0, created_at: nowIso() });
      // Amounts in euros, as the form shows them.
      const changes = fieldsOf({ ...fromForm(form), valore: form.valore });
      await recordAudit(tx, { actor, action: 'creazione', entity: 'tipo-coupon', entityId: uuid, changes });
    });
    return uuid;
  }
  const saved = await db.transaction().execute(async (tx) => {
    const before = await repo.findType(tx, id);
    if (!before || !(await repo.updateType(tx, id, fromForm(form)))) return false;
    const changes = changesOf(
      { ...before, valore: centsToEuros(before.valore) },
      { ...fromForm(form), valore: form.valore },
    );
    await recordAudit(tx, { actor, action: 'modifica', entity: 'tipo-coupon', entityId: id, changes });
    return true;
  });
  if (!saved) throw notFound();
  return id;
}

export async function setDisabled(db: Db, viewer: Viewer, uuid: string, disabled: boolean): Promise<void> {
  const done = await db.transaction().execute(async (tx) => {
    const before = await repo.findType(tx, uuid);
    if (!before || !(await repo.setDisabled(tx, uuid, disabled))) return false;
    const changes = changesOf(before, { disattiva: disabled ? 1 : 0 });
    await recordAudit(tx, {
      actor: viewer.userUuid,
      action: 'modifica',
      entity: 'tipo-coupon',
      entityId: uuid,
      changes,
    });
    return true;
  });
  if (!done) throw notFound();
}

/** Only a type nobody holds a coupon of; checked and deleted in one transaction, so an assignment cannot slip in. */
export async function deleteType(db: Db, viewer: Viewer, uuid: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const before = await repo.findType(tx, uuid);
    if (!before) throw notFound();
    if (await repo.hasCoupons(tx, uuid)) throw new HttpError(409, TYPE_HAS_COUPONS);
    await repo.deleteType(tx, uuid);
    const changes = fieldsOf({ tipo: before.tipo, valore: centsToEuros(before.valore) }, true);
    await recordAudit(tx, {
      actor: viewer.userUuid,
      action: 'eliminazione',
      entity: 'tipo-coupon',
      entityId: uuid,
      changes,
    });
  });
}
