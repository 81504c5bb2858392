import { msg } from '@portal/shared/messages-it';
import type { Paged } from '@portal/shared/schemas/paging';
import {
  posatoreAdminForm,
  posatoreProfileForm,
  type PosatoreProfile,
  type PosatoreRow,
  type PosatoreSaveBody,
  type PosatoriQuery,
  type Posatori4riHome,
} from '@portal/shared/schemas/posatori';
import { installerProfileRules } from '@portal/shared/validation/profile-rules';
import { validateRecord } from '@portal/shared/validation/rules';
import type { Db, DbOrTx } from '../../db/database.ts';
import { nowIso } from '../../lib/clock.ts';
import { ownerPrefix } from '../../lib/file-store.ts';
import { pagedList } from '../../lib/paging.ts';
import { checkedBody, fieldsRefused, HttpError, notFound } from '../../plugins/error-envelope.ts';
import { ERASED_REFUSAL, isErasedPerson } from '@portal/shared/schemas/privacy';
import { normalizeLogin } from '@portal/shared/validation/common';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import * as accounts from '../auth/accounts.service.ts';
import type { DeleteRecord } from '../auth/accounts.service.ts';
import { changesOf, recordAudit } from '../audit/audit.service.ts';
import { redeemedAt } from '../coupons/coupon-totals.repository.ts';
import { capoareaOfUser } from '../capoarea/capoarea.repository.ts';
import { rivenditoreInReach } from '../rivenditori/rivenditori.repository.ts';
import {
  canPosatore,
  posatoreFor,
  posatoriScopeOf,
  reachPosatore,
  type PosatoreAccess,
  type PosatoriScopePart,
} from '../reach/posatori-reach.ts';
import { has, type Viewer } from '../reach/viewer.ts';
import * as repo from './posatori.repository.ts';
import type { PosatoreStato, PosatoriTable } from './posatori.table.ts';
import { comboHas } from '../combos/combos.repository.ts';
import { capoareaExists } from '../capoarea/capoarea.repository.ts';
import { rivenditoreExists } from '../rivenditori/rivenditori.repository.ts';

/** Admin, or an area manager in scope, may change another installer's image and gallery; the installer their own. */
export async function canEditImages(db: DbOrTx, viewer: Viewer, uuid: string): Promise<boolean | undefined> {
  const found = await reachPosatore(db, viewer, uuid);
  return found && canPosatore(found, 'edit');
}

export async function canView(db: DbOrTx, viewer: Viewer, uuid: string): Promise<boolean> {
  return (await reachPosatore(db, viewer, uuid)) !== undefined;
}

type ListRow = Awaited<ReturnType<typeof repo.listPosatori>>[number];

/** A row of the installer lists as the API answers it. */
export const toRow = (r: ListRow): PosatoreRow => ({
  uuid: r.uuid,
  img: r.img,
  descri: `${r.name} ${r.lastname}`.trim(),
  tipo: r.tipo,
  destipo: r.destipo ?? '',
  code: r.code,
  prov: r.state,
  certificato: r.certificato === 1,
  dtcorso: r.dtstart,
  stato: r.stato,
  coupon: r.coupon,
  userstato: r.userstato,
});

export async function listPosatori(
  db: DbOrTx,
  viewer: Viewer,
  part: PosatoriScopePart,
  query: PosatoriQuery,
): Promise<Paged<PosatoreRow>> {
  const scope = await posatoriScopeOf(db, viewer, part);
  return pagedList(
    query,
    () => repo.countPosatori(db, scope, query),
    (win, reccount) => repo.listPosatori(db, scope, query, query.order || 'cognome', win, reccount),
    toRow,
  );
}

export async function resellerHome(db: DbOrTx, viewer: Viewer): Promise<Posatori4riHome> {
  const scope = await posatoriScopeOf(db, viewer, 'rivenditori');
  const cposatori = await repo.countPosatori(db, scope, {});
  const latest = await repo.listPosatori(
    db,
    scope,
    {},
    'recenti',
    { page: 1, pages: 1, size: 5, offset: 0 },
    cposatori,
  );
  const ccopoun = scope.all || !scope.rivenditore ? 0 : await redeemedAt(db, scope.rivenditore);
  return { cposatori, ccopoun, data: latest.map(toRow) };
}

type Stored = NonNullable<Awaited<ReturnType<typeof repo.findPosatore>>>;

/** A stored installer as the body of a save: the form's view of the row (flags as booleans, no reference as ''). */
export const saveBodyOf = (p: Pick<PosatoriTable, keyof PosatoreSaveBody>): PosatoreSaveBody => ({
  name: p.name,
  lastname: p.lastname,
  ragsoc: p.ragsoc,
  dtnasc: p.dtnasc,
  codfis: p.codfis,
  code: p.code,
  dtstart: p.dtstart,
  address: p.address,
  city: p.city,
  cap: p.cap,
  state: p.state,
  azienda: p.azienda,
  tipo: p.tipo,
  certificato: p.certificato === 1,
  diisocianati: p.diisocianati === 1,
  web: p.web === 1,
  contoterzi: p.contoterzi === 1,
  phone: p.phone,
  cell: p.cell,
  email: p.email,
  website: p.website,
  piva: p.piva,
  capoarea: p.capoarea ?? '',
  rivenditore: p.rivenditore ?? '',
});

const toProfile = (p: Stored): PosatoreProfile => ({
  uuid: p.uuid,
  ...saveBodyOf(p),
  destipo: p.destipo ?? '',
  username: p.username ?? '',
  img: p.img,
  stato: p.stato,
  userstato: p.userstato,
  coupon: p.coupon,
});

export async function getPosatore(db: DbOrTx, viewer: Viewer, uuid: string): Promise<PosatoreProfile> {
  return toProfile((await posatoreFor(db, viewer, uuid, 'view')).row);
}

/**
 * What each role may not change, kept as stored whatever the body says. The code and the company (azienda) are
 * the admin's; the installer's own save also keeps what the registry and the manufacturer record: qualification,
 * certificate and last course date (the course filter and certification depend on them), the diisocyanate
 * training and the area manager and reseller they are assigned to.
 */
const keptFor: Record<Exclude<PosatoreAccess, 'admin' | 'reseller'>, readonly (keyof PosatoreSaveBody)[]> = {
  capoarea: ['code', 'azienda'],
  self: ['code', 'azienda', 'tipo', 'certificato', 'dtstart', 'diisocianati', 'capoarea', 'rivenditore'],
};

/** OK when the record passes the installer rules (profile-rules.ts), else INCOMPLETO. */
function statoByRules(record: PosatoreSaveBody): PosatoreStato {
  return Object.keys(validateRecord(installerProfileRules, record)).length === 0 ? 'OK' : 'INCOMPLETO';
}

/**
 * The profile stato is the server's: SOSPESO stays until the admin reinstates the installer (setSospeso);
 * otherwise a profile that passes the installer rules is OK and one that does not is INCOMPLETO, so an installer
 * who completes their profile gets the full menu.
 */
export function statoAfterSave(current: string, record: PosatoreSaveBody): PosatoreStato {
  return current === 'SOSPESO' ? 'SOSPESO' : statoByRules(record);
}

/**
 * An area manager assigns installers only within their own reach: as area manager
 * themselves (another area manager is out of their reach), and to a reseller they reach (assigned to them or
 * based in one of their provinces). An assignment left unchanged is not checked again.
 */
async function reachProblems(
  db: DbOrTx,
  viewer: Viewer,
  record: { capoarea: string; rivenditore: string },
  current: { capoarea: string; rivenditore: string },
): Promise<Record<string, string>> {
  const own = await capoareaOfUser(db, viewer.userUuid);
  const fields: Record<string, string> = {};
  if (record.capoarea !== current.capoarea && record.capoarea !== '' && record.capoarea !== own?.uuid) {
    fields['capoarea'] = msg.capoareaFuoriArea;
  }
  if (
    record.rivenditore !== current.rivenditore &&
    record.rivenditore !== '' &&
    !(own && (await rivenditoreInReach(db, own, record.rivenditore)))
  ) {
    fields['rivenditore'] = msg.rivenditoreFuoriArea;
  }
  return fields;
}

/**
 * POST /api/posatori/{id}. Admin: rules off but the e-mail's shape (types and sizes were checked by the route). Area manager in scope and
 * the installer themselves: the installer rules (profile-rules.ts), with the same schema the form uses. A reseller
 * reaches the profile read-only (403); anyone else does not reach it (404).
 */
export async function savePosatore(
  db: Db,
  viewer: Viewer,
  uuid: string,
  body: PosatoreSaveBody,
  links: accounts.EmailLinks,
): Promise<void> {
  const found = await posatoreFor(db, viewer, uuid, 'edit');
  const stored = found.row;

  const current = saveBodyOf(stored);
  const record: PosatoreSaveBody = { ...current, ...body, email: normalizeLogin(body.email), code: body.code.trim() };
  if (found.access === 'capoarea' || found.access === 'self')
    for (const field of keptFor[found.access]) Object.assign(record, { [field]: current[field] });

  checkedBody(found.access === 'admin' ? posatoreAdminForm : posatoreProfileForm, record);

  const fields: Record<string, string> =
    found.access === 'capoarea' ? await reachProblems(db, viewer, record, current) : {};
  if (record.code !== current.code && record.code !== '' && (await repo.codeTaken(db, record.code, uuid))) {
    fields['code'] = msg.codiceEsistente;
  }
  if (record.email !== current.email && (await accounts.addressTakenFor(db, stored.user_uuid, record.email))) {
    fields['email'] = msg.utenteEsistente;
  }
  if (record.tipo !== current.tipo && record.tipo !== '' && !(await comboHas(db, 'qualifiche', record.tipo))) {
    fields['tipo'] = msg.qualificaNonValida;
  }
  if (record.capoarea !== current.capoarea && record.capoarea && !(await capoareaExists(db, record.capoarea))) {
    fields['capoarea'] = msg.capoareaNonValido;
  }
  if (
    record.rivenditore !== current.rivenditore &&
    record.rivenditore &&
    !(await rivenditoreExists(db, record.rivenditore))
  ) {
    fields['rivenditore'] = msg.rivenditoreNonValido;
  }
  if (Object.keys(fields).length > 0) throw fieldsRefused(fields);
  // One's own new address waits for the link sent to it: the profile and the account keep the old one meanwhile.
  const ownNewEmail = found.access === 'self' && record.email !== current.email && stored.user_uuid ? record.email : '';
  if (ownNewEmail) record.email = current.email;

  const saved = await db
    .transaction()
    .execute(async (tx) => {
      const values = {
        ...record,
        certificato: record.certificato ? 1 : 0,
        diisocianati: record.diisocianati ? 1 : 0,
        web: record.web ? 1 : 0,
        contoterzi: record.contoterzi ? 1 : 0,
        capoarea: record.capoarea || null,
        rivenditore: record.rivenditore || null,
        stato: statoAfterSave(stored.stato, record),
        updated_at: nowIso(),
      };
      const done = await repo.updatePosatore(tx, found.scope, uuid, values);
      if (done) {
        const changes = changesOf(stored, values);
        await recordAudit(tx, {
          actor: viewer.userUuid,
          action: 'modifica',
          entity: 'posatore',
          entityId: uuid,
          changes,
        });
      }
      // Reset and activation links go to the account's address: it follows the profile's.
      if (done && record.email !== current.email) await accounts.syncAccountEmail(tx, stored.user_uuid, record.email);
      if (done && ownNewEmail && stored.user_uuid)
        await accounts.requestEmailChange(tx, links, stored.user_uuid, ownNewEmail);
      return done;
    })
    .catch((err: unknown) => {
      // Two saves racing for one code or one login address: the unique index decides, the answer is the same as
      // the checks above.
      if (isUniqueViolation(err, 'posatori.code', 'posatori_code_unique'))
        throw fieldsRefused({ code: msg.codiceEsistente });
      if (accounts.loginTaken(err)) throw accounts.addressTakenError();
      throw err;
    });
  if (!saved) throw notFound();
  if (ownNewEmail) links.onQueued?.();
}

/**
 * POST /api/posatori/{id}/sospensione (admin). Suspending makes the profile SOSPESO: the installer keeps logging in
 * but sees what an installer whose profile is not OK sees (Home and profile). Reinstating gives back OK or
 * INCOMPLETO by the installer rules, as a save would.
 */
export async function setSospeso(db: Db, viewer: Viewer, uuid: string, sospeso: boolean): Promise<PosatoreStato> {
  const stored = await repo.findPosatore(db, { all: true }, uuid);
  if (!stored) throw notFound();
  if (!sospeso && isErasedPerson(stored.name, stored.user_uuid !== null)) throw new HttpError(409, ERASED_REFUSAL);
  const stato = sospeso ? 'SOSPESO' : statoByRules(saveBodyOf(stored));
  await db.transaction().execute(async (tx) => {
    await repo.setStato(tx, uuid, stato, nowIso());
    const changes = changesOf(stored, { stato });
    await recordAudit(tx, { actor: viewer.userUuid, action: 'modifica', entity: 'posatore', entityId: uuid, changes });
  });
  return stato;
}

/** POST /api/posatori/{id}/accesso (admin): disables or re-enables the installer's login, like an area manager's. */
export async function setAccesso(db: Db, viewer: Viewer, uuid: string, stato: 'active' | 'disabled') {
  return accounts.setPersonAccountStato(db, viewer.userUuid, await repo.findPosatore(db, { all: true }, uuid), stato);
}

/** DELETE /api/posatore/{id}: admin, or an area manager in scope; the installer's files go too. */
export const deletePosatore: DeleteRecord = async (db, files, viewer, uuid, log) => {
  const scope = await posatoriScopeOf(db, viewer, has(viewer, 'admin') ? 'any' : 'capoarea');
  const deleted = await db.transaction().execute(async (tx) => {
    const done = await repo.deletePosatore(tx, scope, uuid);
    if (done)
      await recordAudit(tx, { actor: viewer.userUuid, action: 'eliminazione', entity: 'posatore', entityId: uuid });
    return done;
  });
  if (!deleted) throw notFound();
  // After the commit: a file left behind is only disk space, a row pointing to a missing file would be worse.
  await files.deletePrefix(ownerPrefix('posatori', uuid)).catch((err: unknown) => {
    log.warn({ err, uuid }, 'file del posatore non eliminati');
  });
};
