import { msg } from '@portal/shared/messages-it';
import type { Role } from '@portal/shared/roles';
import type { AccountStatoBody } from '@portal/shared/schemas/capoarea';
import type { Paged, PagingQuery } from '@portal/shared/schemas/paging';
import {
  rivenditoreForm,
  rivenditoreOwnForm,
  type RivenditoreOwnBody,
  type RivenditoreProfile,
  type RivenditoreRow,
  type RivenditoreSaveBody,
  type RivenditoriQuery,
} from '@portal/shared/schemas/rivenditori';
import { normalizeLogin } from '@portal/shared/validation/common';
import type { Db, DbOrTx } from '../../db/database.ts';
import { nowIso } from '../../lib/clock.ts';
import { ownerPrefix, type FileStore } from '../../lib/file-store.ts';
import { pageWindow } from '../../lib/paging.ts';
import { newId } from '../../lib/tokens.ts';
import { fieldsRefused, firstMessage, notFound, parseForm } from '../../plugins/error-envelope.ts';
import * as accounts from '../auth/accounts.service.ts';
import { removeAccountRole } from '../auth/users.repository.ts';
import { capoareaOfUser } from '../capoarea/capoarea.repository.ts';
import * as provs from '../provs/provs.repository.ts';
import * as repo from './rivenditori.repository.ts';
import type { RivenditoriScope } from './rivenditori.repository.ts';

type Viewer = { userUuid: string; roles: readonly Role[] };

/** Which part of a viewer's reach a list uses: all of it, or only what the area-manager role grants. */
export type ScopePart = 'any' | 'capoarea';

/** The viewer's reach as reseller scope (see repo.visibleIn). */
export async function scopeOf(db: DbOrTx, viewer: Viewer, part: ScopePart = 'any'): Promise<RivenditoriScope> {
  if (part === 'any' && viewer.roles.includes('admin')) return { all: true };
  const scope: RivenditoriScope = { all: false };
  if (viewer.roles.includes('capoarea')) scope.capoarea = await capoareaOfUser(db, viewer.userUuid);
  return scope;
}

export async function listRivenditori(
  db: Db,
  viewer: Viewer,
  part: ScopePart,
  query: RivenditoriQuery,
): Promise<Paged<RivenditoreRow>> {
  const scope = await scopeOf(db, viewer, part);
  const reccount = await repo.countRivenditori(db, scope, query);
  const win = pageWindow(reccount, query satisfies PagingQuery);
  const rows = await repo.listRivenditori(db, scope, query, win, reccount);
  return {
    data: rows.map((r) => ({
      uuid: r.uuid,
      img: r.img,
      ragsoc: r.ragsoc,
      name: r.name,
      lastname: r.lastname,
      prov: r.state,
      code: r.code,
      stato: accounts.accountStatoOf(r.userstato),
    })),
    page: win.page,
    pages: win.pages,
    reccount,
  };
}

/** Resellers an area manager reaches (their home's criv). */
export async function countInReach(db: DbOrTx, viewer: Viewer): Promise<number> {
  return repo.countRivenditori(db, await scopeOf(db, viewer, 'capoarea'), {});
}

type Stored = NonNullable<Awaited<ReturnType<typeof repo.findRivenditore>>>;

async function toProfile(db: DbOrTx, r: Stored): Promise<RivenditoreProfile> {
  return {
    uuid: r.uuid,
    ragsoc: r.ragsoc,
    code: r.code,
    name: r.name,
    lastname: r.lastname,
    piva: r.piva,
    codfis: r.codfis,
    address: r.address,
    city: r.city,
    cap: r.cap,
    state: r.state,
    phone: r.phone,
    cell: r.cell,
    email: normalizeLogin(r.email),
    website: r.website,
    username: r.username ?? '',
    capoarea: r.capoarea ?? '',
    provs: await provs.provsOf(db, 'rivenditori', r.uuid),
    img: r.img,
    stato: accounts.accountStatoOf(r.userstato),
  };
}

/** GET /api/rivenditore/{id}: admin any, area manager within reach (read-only), else 404. */
export async function getRivenditore(db: Db, viewer: Viewer, uuid: string): Promise<RivenditoreProfile> {
  const row = await repo.findRivenditore(db, await scopeOf(db, viewer), uuid);
  if (!row) throw notFound();
  return toProfile(db, row);
}

const ownValuesOf = (r: RivenditoreOwnBody) => ({
  ragsoc: r.ragsoc,
  name: r.name,
  lastname: r.lastname,
  piva: r.piva,
  codfis: r.codfis,
  address: r.address,
  city: r.city,
  cap: r.cap,
  state: r.state,
  phone: r.phone,
  cell: r.cell,
  email: normalizeLogin(r.email),
  website: r.website,
});

const valuesOf = (r: RivenditoreSaveBody): repo.RivenditoreValues => ({
  ...ownValuesOf(r),
  code: r.code,
  capoarea: r.capoarea || null,
});

async function checkedRecord(db: DbOrTx, body: RivenditoreSaveBody, current?: string | null) {
  const record = parseForm(rivenditoreForm, body, firstMessage);
  if (record.capoarea && record.capoarea !== current && !(await repo.capoareaExists(db, record.capoarea))) {
    throw fieldsRefused({ capoarea: msg.capoareaNonValido }, firstMessage);
  }
  return record;
}

/** POST /api/riventitore (admin): the reseller and their account, named after the e-mail, stato 'requested'. */
export async function createRivenditore(db: Db, body: RivenditoreSaveBody): Promise<string> {
  const record = await checkedRecord(db, body);
  const uuid = newId();
  await accounts.createPersonWithAccount(db, record.email, 'rivenditori', firstMessage, async (tx, userUuid) => {
    await repo.insertRivenditore(tx, { uuid, user_uuid: userUuid, values: valuesOf(record), now: nowIso() });
    await provs.setProvs(tx, 'rivenditori', uuid, record.provs);
  });
  return uuid;
}

/** POST /api/rivenditore/{id} (admin). */
export async function saveRivenditore(db: Db, uuid: string, body: RivenditoreSaveBody): Promise<void> {
  const stored = await repo.findRivenditore(db, { all: true }, uuid);
  if (!stored) throw notFound();
  const record = await checkedRecord(db, body, stored.capoarea);
  await accounts.savingAddress(
    () =>
      db.transaction().execute(async (tx) => {
        await repo.updateRivenditore(tx, { all: true }, uuid, valuesOf(record), nowIso());
        await provs.setProvs(tx, 'rivenditori', uuid, record.provs);
        await accounts.syncAccountEmail(tx, stored.user_uuid, record.email, firstMessage);
      }),
    firstMessage,
  );
}

/** POST /api/rivenditore/{id}/stato (admin). */
export async function setStato(db: Db, uuid: string, body: AccountStatoBody) {
  return accounts.setPersonAccountStato(db, await repo.findRivenditore(db, { all: true }, uuid), body.stato);
}

/** DELETE /api/rivenditore/{id} (admin): the row, its provinces, its account and its files. */
export async function deleteRivenditore(
  db: Db,
  files: FileStore,
  uuid: string,
  log: { warn(obj: object, text: string): void },
): Promise<void> {
  const deleted = await db.transaction().execute(async (tx) => {
    const row = await repo.deleteRivenditore(tx, { all: true }, uuid);
    if (row?.user_uuid) await removeAccountRole(tx, row.user_uuid, 'rivenditori');
    return row !== undefined;
  });
  if (!deleted) throw notFound();
  await files.deletePrefix(ownerPrefix('rivenditori', uuid)).catch((err: unknown) => {
    log.warn({ err, uuid }, 'file del rivenditore non eliminati');
  });
}

/** The reseller's own record (GET /api/myprofile). */
export async function getOwn(db: Db, userUuid: string): Promise<RivenditoreProfile> {
  const row = await repo.findRivenditoreByUser(db, userUuid);
  if (!row) throw notFound();
  return toProfile(db, row);
}

/** POST /api/myprofile for a reseller: code, area manager and provinces stay the admin's. */
export async function saveOwn(db: Db, userUuid: string, body: unknown): Promise<void> {
  const record = parseForm(rivenditoreOwnForm, body, firstMessage);
  const stored = await repo.findRivenditoreByUser(db, userUuid);
  if (!stored) throw notFound();
  await accounts.savingAddress(
    () =>
      db.transaction().execute(async (tx) => {
        await repo.updateRivenditore(tx, { all: true }, stored.uuid, ownValuesOf(record), nowIso());
        await accounts.syncAccountEmail(tx, stored.user_uuid, record.email, firstMessage);
      }),
    firstMessage,
  );
}
