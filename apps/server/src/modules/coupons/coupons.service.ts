import { centsToEuros } from '@portal/shared/money';
import { msg } from '@portal/shared/messages-it';
import type {
  AssignCouponsBody,
  AssignCouponsReply,
  CouponRow,
  CouponsPage,
  RedeemReply,
  SetCouponBody,
} from '@portal/shared/schemas/coupons';
import type { PagingQuery } from '@portal/shared/schemas/paging';
import { normalizeCouponCode } from '@portal/shared/validation/coupon-code';
import type { Db, DbOrTx } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { addMinutes, addMonths, nowIso, todayInRome } from '../../lib/clock.ts';
import { pageWindow } from '../../lib/paging.ts';
import { newId } from '../../lib/tokens.ts';
import { fieldsRefused, HttpError } from '../../plugins/error-envelope.ts';
import { countFailures, recordFailure } from '../auth/throttles.repository.ts';
import { addToTypeCount, findType, refreshTypeCounts } from '../coupon-types/coupon-types.repository.ts';
import { accountsOf, uuidsOfList } from '../posatori/posatori.repository.ts';
import { announce } from '../events/events.service.ts';
import { couponFor, redeemerFor } from '../reach/coupons-reach.ts';
import { posatoreFor } from '../reach/posatori-reach.ts';
import { refreshCouponCounts } from './coupon-totals.repository.ts';
import { couponStateOf } from './coupon-status.ts';
import { newCouponCode } from './coupon-codes.ts';
import { changesOf, fieldsOf, recordAudit, type AuditEntry } from '../audit/audit.service.ts';
import * as repo from './coupons.repository.ts';
import type { CouponsTable } from './coupons.table.ts';
import type { Viewer } from '../reach/viewer.ts';

/** The installers' open tabs refetch their coupons and their count (docs/decisions/0029-live-updates.md). */
const announceCoupons = async (tx: DbOrTx, posatori: readonly string[]) =>
  announce(tx, 'coupons', await accountsOf(tx, posatori));

const COUPON_LOCKED = 'Coupon già utilizzato: non si può modificare né eliminare';
const TYPE_DISABLED = 'Tipo coupon disattivato';
const TOO_MANY_CODES = 'Troppi codici non validi: riprova tra 15 minuti';
/** Wrong codes one reseller may type in 15 minutes before redemption pauses (as the login's 10 per account). */
const REDEEM_THROTTLE = { windowMinutes: 15, max: 10 } as const;

/**
 * Who reads an installer's coupons: the admin (edit), or read-only the area manager with the installer in reach and
 * the installer themselves. A reseller redeems but does not list them. Out of reach reads as not found.
 */
async function installerName(db: DbOrTx, viewer: Viewer, posatore: string, mode: 'edit' | 'read'): Promise<string> {
  const { row } = await posatoreFor(db, viewer, posatore, mode === 'edit' ? 'coupons.edit' : 'coupons');
  return `${row.name} ${row.lastname}`.trim();
}

type ListRow = Awaited<ReturnType<typeof repo.listOfInstaller>>[number];

const toRow = (r: ListRow, today: string): CouponRow => ({
  uuid: r.uuid,
  code: r.code,
  dtesecuzione: r.dtesecuzione ?? '',
  tipo: r.tipo,
  destipo: r.destipo,
  colore: r.colore,
  valore: centsToEuros(r.valore),
  scadenza: r.scadenza,
  stato: couponStateOf(r, today),
  tipodisattivo: r.tipo_disattiva === 1,
  rivenditore: r.riv_ragsoc?.trim() || `${r.riv_name ?? ''} ${r.riv_lastname ?? ''}`.trim(),
});

/** GET /api/coupons/{id} (admin) and /api/readcoupons/{id} (read-only): one installer's coupons and totals. */
export async function installerCoupons(
  db: DbOrTx,
  viewer: Viewer,
  posatore: string,
  query: PagingQuery,
  mode: 'edit' | 'read',
): Promise<CouponsPage> {
  const name = await installerName(db, viewer, posatore, mode);
  const today = todayInRome();
  const t = await repo.totalsOfInstaller(db, posatore, today);
  const win = pageWindow(t.tot.n, query);
  const rows = await repo.listOfInstaller(db, posatore, today, win, t.tot.n);
  const fig = (f: { n: number; cents: number }) => ({ n: f.n, valore: centsToEuros(f.cents) });
  return {
    data: rows.map((r) => toRow(r, today)),
    page: win.page,
    pages: win.pages,
    reccount: t.tot.n,
    totals: { tot: fig(t.tot), valid: fig(t.valid), used: fig(t.used), expired: fig(t.expired) },
    posatore: name,
  };
}

export type CouponType = NonNullable<Awaited<ReturnType<typeof findType>>>;

/** A coupon type that may be given: it exists and is not switched off (400 on the field tipo otherwise). */
export async function activeType(db: DbOrTx, uuid: string): Promise<CouponType> {
  const type = await findType(db, uuid);
  if (!type) throw fieldsRefused({ tipo: 'Tipo coupon non valido' }, 'first-message');
  if (type.disattiva === 1) throw fieldsRefused({ tipo: TYPE_DISABLED }, 'first-message');
  return type;
}

/**
 * POST /api/setcoupon/{id}: a new type (its value follows) or a new expiry, only while the coupon is not redeemed.
 * The type counts and the installer's figures are recounted in the same transaction.
 */
export async function setCoupon(db: Db, viewer: Viewer, uuid: string, body: SetCouponBody): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const { row: coupon } = await couponFor(tx, viewer, uuid, 'edit');
    if (coupon.dtesecuzione !== null) throw new HttpError(409, COUPON_LOCKED);
    if ('ptipo' in body) {
      const type = await activeType(tx, body.ptipo);
      if (!(await repo.updateUnredeemed(tx, uuid, { tipo: type.uuid, valore: type.valore }))) {
        throw new HttpError(409, COUPON_LOCKED);
      }
      // The installer's row before the types' (as every coupon change takes them), so two changes cannot deadlock.
      await refreshCouponCounts(tx, coupon.posatore);
      await refreshTypeCounts(tx, [coupon.tipo, type.uuid]);
      const changes = changesOf(coupon, { tipo: type.uuid, valore: type.valore });
      await recordAudit(tx, { actor: viewer.userUuid, action: 'modifica', entity: 'coupon', entityId: uuid, changes });
    } else if (!(await repo.updateUnredeemed(tx, uuid, { scadenza: body.pscadenza }))) {
      throw new HttpError(409, COUPON_LOCKED);
    } else {
      const changes = changesOf(coupon, { scadenza: body.pscadenza });
      await recordAudit(tx, { actor: viewer.userUuid, action: 'modifica', entity: 'coupon', entityId: uuid, changes });
    }
    await announceCoupons(tx, [coupon.posatore]);
  });
}

/** DELETE /api/coupon/{id}: only a coupon not redeemed, asked for confirmation by the screen. */
export async function deleteCoupon(db: Db, viewer: Viewer, uuid: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const { row: coupon } = await couponFor(tx, viewer, uuid, 'edit');
    if (!(await repo.deleteUnredeemed(tx, uuid))) throw new HttpError(409, COUPON_LOCKED);
    await refreshCouponCounts(tx, coupon.posatore);
    await refreshTypeCounts(tx, [coupon.tipo]);
    await announceCoupons(tx, [coupon.posatore]);
    const changes = fieldsOf(
      { code: coupon.code, posatore: coupon.posatore, tipo: coupon.tipo, valore: coupon.valore },
      true,
    );
    await recordAudit(tx, {
      actor: viewer.userUuid,
      action: 'eliminazione',
      entity: 'coupon',
      entityId: uuid,
      changes,
    });
  });
}

/** Installers whose counts an assignment recounts per statement (bound parameters stay well within limits). */
const RECOUNT_CHUNK = 500;

/**
 * POST /api/assegnacoupon: ncoupon coupons of an active type for one installer or for every installer of the admin's
 * filtered list, expiring today + the type's months; all or nothing in one transaction. The import wizard (issue
 * 11) calls assignToInstallers with the installers it stored.
 */
export async function assignCoupons(db: Db, viewer: Viewer, body: AssignCouponsBody): Promise<AssignCouponsReply> {
  const targets =
    'posatore' in body
      ? [(await posatoreFor(db, viewer, body.posatore, 'coupons.edit')).row.uuid]
      : (await Promise.all(uuidsOfList(db, { all: true }, body.filtro).map((q) => q.execute())))
          .flat()
          .map((r) => r.uuid);
  // One entry for the assignment: on the installer's history when it is one, else on the type's with the filter.
  const entry: AuditEntry =
    'posatore' in body
      ? { actor: viewer.userUuid, action: 'coupon-assegnato', entity: 'posatore', entityId: body.posatore }
      : { actor: viewer.userUuid, action: 'coupon-assegnato', entity: 'coupon', entityId: body.tipo };
  const coupon = await assignToInstallers(db, body.tipo, targets, (tx, n) =>
    recordAudit(tx, {
      ...entry,
      changes: [
        { field: 'tipo', before: null, after: body.tipo },
        { field: 'coupon', before: null, after: String(n) },
        ...('filtro' in body ? [{ field: 'filtro', before: null, after: JSON.stringify(body.filtro) }] : []),
      ],
    }),
  );
  return { res: 'OK', posatori: targets.length, coupon };
}

async function assignToInstallers(
  db: Db,
  tipo: string,
  posatori: readonly string[],
  audit: (tx: DbOrTx, n: number) => Promise<void>,
): Promise<number> {
  return retryOnCodeCollision(() =>
    db.transaction().execute(async (tx) => {
      const n = await giveCoupons(tx, await activeType(tx, tipo), posatori);
      await audit(tx, n);
      return n;
    }),
  );
}

/**
 * A fresh code colliding with one of a million others is about one chance in 35 million per code; should it
 * happen, the whole transaction that made it is run again with new codes rather than failing.
 */
export async function retryOnCodeCollision<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt < 3 && isUniqueViolation(err, 'coupons.code', 'coupons_code_key')) continue;
      throw err;
    }
  }
}

/**
 * ncoupon coupons of an active type for each installer, expiring today + the type's months, inside the caller's
 * transaction (the admin's assignment, an import's batch), with the counts recounted — except for `precounted`
 * installers, whose coupon count the caller already wrote with them (an import's new rows: recounting them would
 * rewrite 500 freshly inserted rows and every index on them). Answers the coupons made.
 */
export async function giveCoupons(
  tx: DbOrTx,
  type: CouponType,
  posatori: readonly string[],
  precounted: ReadonlySet<string> = new Set(),
): Promise<number> {
  if (posatori.length === 0) return 0;
  const now = nowIso();
  const scadenza = addMonths(todayInRome(), type.mesi);
  const rows: CouponsTable[] = [];
  for (const posatore of posatori) {
    for (let i = 0; i < type.ncoupon; i++) {
      rows.push({
        uuid: newId(),
        code: newCouponCode(),
        posatore,
        tipo: type.uuid,
        valore: type.valore,
        scadenza,
        dtesecuzione: null,
        rivenditore: null,
        created_at: now,
      });
    }
  }
  await repo.insertCoupons(tx, rows);
  const recount = posatori.filter((p) => !precounted.has(p));
  for (let i = 0; i < recount.length; i += RECOUNT_CHUNK) {
    await refreshCouponCounts(tx, recount.slice(i, i + RECOUNT_CHUNK));
  }
  // An import's new installers have no account yet: nobody to tell.
  await announceCoupons(tx, recount);
  await addToTypeCount(tx, type.uuid, rows.length);
  return rows.length;
}

/**
 * POST /api/posatori/{uuid}/coupon: a reseller redeems a code for an installer of theirs. Every refusal reads
 * 'Coupon non valido' (another installer's code, a used, expired or disabled one, a suspended installer: the
 * answer tells nothing more); wrong codes are counted per reseller account and, past the limit, refused unread.
 */
export async function redeemCoupon(db: Db, viewer: Viewer, posatore: string, typed: string): Promise<RedeemReply> {
  const { rivenditore } = await redeemerFor(db, viewer, posatore);
  const code = normalizeCouponCode(typed) ?? typed;
  const key = `coupon:${viewer.userUuid}`;
  const now = nowIso();
  if ((await countFailures(db, key, addMinutes(now, -REDEEM_THROTTLE.windowMinutes))) >= REDEEM_THROTTLE.max) {
    return { res: 'KO', code, reason: TOO_MANY_CODES };
  }
  const redeemed = await db.transaction().execute(async (tx) => {
    const today = todayInRome();
    const done = await repo.redeem(tx, { posatore, code, rivenditore, today });
    if (done !== undefined) {
      await refreshCouponCounts(tx, posatore);
      await announceCoupons(tx, [posatore]);
      const changes = [
        { field: 'code', before: null, after: code },
        { field: 'posatore', before: null, after: posatore },
        { field: 'dtesecuzione', before: null, after: today },
      ];
      await recordAudit(tx, {
        actor: viewer.userUuid,
        action: 'coupon-usato',
        entity: 'coupon',
        entityId: done,
        changes,
      });
    }
    return done !== undefined;
  });
  if (!redeemed) {
    await recordFailure(db, key, now);
    return { res: 'KO', code, reason: msg.couponNonValido };
  }
  return { res: 'OK', code };
}
