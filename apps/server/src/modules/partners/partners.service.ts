import { msg } from '@portal/shared/messages-it';
import type { Paged } from '@portal/shared/schemas/paging';
import { PAGE_SIZE_MAX } from '@portal/shared/schemas/paging';
import {
  EXPIRING_DAYS,
  type PartnerCa2Reply,
  type PartnerProfile,
  type PartnerRow,
  type PartnerSaveBody,
  type PartnersQuery,
} from '@portal/shared/schemas/partners';
import { normalizeLogin } from '@portal/shared/validation/common';
import type { Db, DbOrTx } from '../../db/database.ts';
import { addDays, nowIso, todayInRome } from '../../lib/clock.ts';
import { ownerPrefix } from '../../lib/file-store.ts';
import { pagedList, pageWindow } from '../../lib/paging.ts';
import { newId } from '../../lib/tokens.ts';
import { fieldsRefused, forbidden, notFound } from '../../plugins/error-envelope.ts';
import { capoareaOfUser } from '../capoarea/capoarea.repository.ts';
import { rivenditoreInReach } from '../rivenditori/rivenditori.repository.ts';
import { countInReach } from '../rivenditori/rivenditori.service.ts';
import {
  canPartner,
  partnerFor,
  partnersScopeOf,
  reachPartner,
  type PartnersScopePart,
} from '../reach/partners-reach.ts';
import { has, type Viewer } from '../reach/viewer.ts';
import type { DeleteRecord } from '../auth/accounts.service.ts';
import { changesOf, fieldsOf, recordAudit } from '../audit/audit.service.ts';
import * as repo from './partners.repository.ts';
import { comboHas } from '../combos/combos.repository.ts';
import { capoareaExists } from '../capoarea/capoarea.repository.ts';
import { rivenditoreExists } from '../rivenditori/rivenditori.repository.ts';

/** Who may change a partner's logo: whoever may save the partner (undefined out of reach, false read-only). */
export async function canEditImages(db: DbOrTx, viewer: Viewer, uuid: string): Promise<boolean | undefined> {
  const found = await reachPartner(db, viewer, uuid);
  return found && canPartner(found, 'edit');
}

/** The partner behind the payment endpoints: admin, or an area manager in scope; anyone else 404. */
export async function paymentsPartner(db: DbOrTx, viewer: Viewer, uuid: string): Promise<string> {
  return (await partnerFor(db, viewer, uuid, 'payments')).row.uuid;
}

type ListRow = Awaited<ReturnType<typeof repo.listPartners>>[number];

const toRow = (r: ListRow): PartnerRow => ({
  uuid: r.uuid,
  img: r.img,
  ragsoc: r.ragsoc,
  code: r.code,
  prov: r.state,
  dtstart: r.dtstart,
  dtend: r.dtend,
  dtrinnovo: r.dtrinnovo,
  dtscad: r.dtscad,
});

export async function listPartners(
  db: DbOrTx,
  viewer: Viewer,
  part: PartnersScopePart,
  query: PartnersQuery,
): Promise<Paged<PartnerRow>> {
  const scope = await partnersScopeOf(db, viewer, part);
  return pagedList(
    query,
    () => repo.countPartners(db, scope, query),
    (win, reccount) => repo.listPartners(db, scope, query, win, reccount),
    toRow,
  );
}

/** GET /api/partner_ca2: the area manager's home figures and the partners expiring within EXPIRING_DAYS days. */
export async function capoareaHome(db: DbOrTx, viewer: Viewer): Promise<PartnerCa2Reply> {
  const scope = await partnersScopeOf(db, viewer, 'capoarea');
  const today = todayInRome();
  const expiring = { scadBetween: { from: today, to: addDays(today, EXPIRING_DAYS) } };
  const nexpiring = await repo.countPartners(db, scope, expiring);
  const first = pageWindow(nexpiring, { page: 1, size: PAGE_SIZE_MAX });
  return {
    caziende: await repo.countPartners(db, scope, {}),
    criv: await countInReach(db, viewer),
    caziendescad: await repo.countPartners(db, scope, { scadBefore: today }),
    data: (await repo.listPartners(db, scope, expiring, first, nexpiring, 'dtscad')).map(toRow),
  };
}

type Stored = NonNullable<Awaited<ReturnType<typeof repo.findPartner>>>;

const toProfile = (p: Stored, editable: boolean): PartnerProfile => ({
  uuid: p.uuid,
  ragsoc: p.ragsoc,
  priorita: p.priorita,
  piva: p.piva,
  codfis: p.codfis,
  code: p.code,
  dtstart: p.dtstart,
  dtend: p.dtend,
  address: p.address,
  city: p.city,
  cap: p.cap,
  state: p.state,
  phone: p.phone,
  cell: p.cell,
  email: p.email,
  website: p.website,
  capoarea: p.capoarea ?? '',
  rivenditore: p.rivenditore ?? '',
  img: p.img,
  dtrinnovo: p.dtrinnovo,
  dtscad: p.dtscad,
  editable,
});

export async function getPartner(db: DbOrTx, viewer: Viewer, uuid: string): Promise<PartnerProfile> {
  const found = await partnerFor(db, viewer, uuid, 'view');
  return toProfile(found.row, canPartner(found, 'edit'));
}

/** GET /api/npartner: the create form's blank record; an area manager's new partner is theirs from the start. */
export async function blankPartner(db: DbOrTx, viewer: Viewer): Promise<PartnerProfile> {
  const now = nowIso();
  const own = has(viewer, 'admin') ? undefined : await capoareaOfUser(db, viewer.userUuid);
  return toProfile(
    {
      uuid: '',
      ragsoc: '',
      priorita: '',
      piva: '',
      codfis: '',
      code: '',
      dtstart: '',
      dtend: '',
      address: '',
      city: '',
      cap: '',
      state: '',
      phone: '',
      cell: '',
      email: '',
      website: '',
      capoarea: own?.uuid ?? null,
      rivenditore: null,
      img: '',
      dtrinnovo: '',
      dtscad: '',
      ragsoc_key: '',
      code_key: '',
      created_at: now,
      updated_at: now,
    },
    true,
  );
}

/**
 * The references of a record the route's form already checked: priorita from /api/priolist, area manager and reseller that exist (an
 * unchanged reference is not checked again). An area manager's partner must stay in their reach, assigned to them
 * or in one of their provinces, or they would lose it the moment they save.
 */
async function checkedValues(
  db: DbOrTx,
  r: PartnerSaveBody,
  stored: { priorita: string; capoarea: string | null; rivenditore: string | null } | undefined,
  areaOf: { uuid: string; provs: string[] } | undefined,
): Promise<repo.PartnerValues> {
  const fields: Record<string, string> = {};
  if (r.priorita && r.priorita !== stored?.priorita && !(await comboHas(db, 'priolist', r.priorita))) {
    fields['priorita'] = msg.prioritaNonValida;
  }
  if (r.capoarea && r.capoarea !== stored?.capoarea && !(await capoareaExists(db, r.capoarea))) {
    fields['capoarea'] = msg.capoareaNonValido;
  }
  if (r.rivenditore && r.rivenditore !== stored?.rivenditore && !(await rivenditoreExists(db, r.rivenditore))) {
    fields['rivenditore'] = msg.rivenditoreNonValido;
  }
  if (areaOf) {
    // An area manager assigns only within their reach: themselves as area manager, a reseller they reach.
    if (r.capoarea && r.capoarea !== stored?.capoarea && r.capoarea !== areaOf.uuid) {
      fields['capoarea'] = msg.capoareaFuoriArea;
    }
    if (
      r.rivenditore &&
      r.rivenditore !== stored?.rivenditore &&
      !(await rivenditoreInReach(db, areaOf, r.rivenditore))
    ) {
      fields['rivenditore'] = msg.rivenditoreFuoriArea;
    }
    if (r.capoarea !== areaOf.uuid && !areaOf.provs.includes(r.state)) fields['capoarea'] ??= msg.partnerFuoriArea;
  }
  if (Object.keys(fields).length > 0) throw fieldsRefused(fields);
  return {
    ...r,
    email: normalizeLogin(r.email),
    capoarea: r.capoarea || null,
    rivenditore: r.rivenditore || null,
  };
}

/** POST /api/partner/nuovo (admin, area manager): answers the new uuid. */
export async function createPartner(db: Db, viewer: Viewer, body: PartnerSaveBody): Promise<string> {
  const admin = has(viewer, 'admin');
  const area = admin ? undefined : await capoareaOfUser(db, viewer.userUuid);
  if (!admin && !area) throw forbidden();
  const values = await checkedValues(db, body, undefined, area);
  const uuid = newId();
  await db.transaction().execute(async (tx) => {
    await repo.insertPartner(tx, uuid, values, nowIso());
    const changes = fieldsOf(values);
    await recordAudit(tx, { actor: viewer.userUuid, action: 'creazione', entity: 'partner', entityId: uuid, changes });
  });
  return uuid;
}

/**
 * POST /api/partner/{id}: admin, area manager in scope, or the reseller the partner is assigned to; that reseller
 * cannot reassign it (capoarea and rivenditore stay as stored). A reseller of the area only reads it (403);
 * anyone else does not reach it (404).
 */
export async function savePartner(db: Db, viewer: Viewer, uuid: string, body: PartnerSaveBody): Promise<void> {
  const found = await partnerFor(db, viewer, uuid, 'edit');
  const { row } = found;
  const record =
    found.access === 'reseller-assigned'
      ? { ...body, capoarea: row.capoarea ?? '', rivenditore: row.rivenditore ?? '' }
      : body;
  const values = await checkedValues(db, record, row, found.access === 'capoarea' ? found.capoarea : undefined);
  const saved = await db.transaction().execute(async (tx) => {
    const done = await repo.updatePartner(tx, found.scope, uuid, values, nowIso());
    const changes = changesOf(row, values);
    if (done)
      await recordAudit(tx, { actor: viewer.userUuid, action: 'modifica', entity: 'partner', entityId: uuid, changes });
    return done;
  });
  if (!saved) throw notFound();
}

/** DELETE /api/partner/{id} (admin, area manager in scope): the partner, its payments, then its files. */
export const deletePartner: DeleteRecord = async (db, files, viewer, uuid, log) => {
  const scope = await partnersScopeOf(db, viewer, has(viewer, 'admin') ? 'any' : 'capoarea');
  const deleted = await db.transaction().execute(async (tx) => {
    const done = await repo.deletePartner(tx, scope, uuid);
    if (done)
      await recordAudit(tx, { actor: viewer.userUuid, action: 'eliminazione', entity: 'partner', entityId: uuid });
    return done;
  });
  if (!deleted) throw notFound();
  // After the commit: a file left behind is only disk space, a row pointing to a missing file would be worse.
  await files.deletePrefix(ownerPrefix('partners', uuid)).catch((err: unknown) => {
    log.warn({ err, uuid }, 'file del partner non eliminati');
  });
};
