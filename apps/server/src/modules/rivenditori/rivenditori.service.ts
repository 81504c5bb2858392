import { msg } from '@portal/shared/messages-it';
import type { AccountStatoBody } from '@portal/shared/schemas/capoarea';
import type { Paged } from '@portal/shared/schemas/paging';
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
import { pagedList } from '../../lib/paging.ts';
import { newId } from '../../lib/tokens.ts';
import { checkedBody, fieldsRefused, notFound } from '../../plugins/error-envelope.ts';
import * as accounts from '../auth/accounts.service.ts';
import type { DeleteRecord } from '../auth/accounts.service.ts';
import { changesOf, fieldsOf, recordAudit } from '../audit/audit.service.ts';
import * as provs from '../provs/provs.repository.ts';
import { rivenditoriScopeOf, type RivenditoriScopePart } from '../reach/rivenditori-reach.ts';
import type { Viewer } from '../reach/viewer.ts';
import * as repo from './rivenditori.repository.ts';
import { capoareaExists } from '../capoarea/capoarea.repository.ts';

export async function listRivenditori(
  db: Db,
  viewer: Viewer,
  part: RivenditoriScopePart,
  query: RivenditoriQuery,
): Promise<Paged<RivenditoreRow>> {
  const scope = await rivenditoriScopeOf(db, viewer, part);
  return pagedList(
    query,
    () => repo.countRivenditori(db, scope, query),
    (win, reccount) => repo.listRivenditori(db, scope, query, win, reccount),
    (r) => ({
      uuid: r.uuid,
      img: r.img,
      ragsoc: r.ragsoc,
      name: r.name,
      lastname: r.lastname,
      prov: r.state,
      code: r.code,
      stato: accounts.accountStatoOf(r.userstato),
    }),
  );
}

/** Resellers an area manager reaches (their home's criv). */
export async function countInReach(db: DbOrTx, viewer: Viewer): Promise<number> {
  return repo.countRivenditori(db, await rivenditoriScopeOf(db, viewer, 'capoarea'), {});
}

type Stored = NonNullable<Awaited<ReturnType<typeof repo.findRivenditore>>>;

/** The fields a reseller edits on their own profile, as stored (the login normalized). */
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

async function toProfile(db: DbOrTx, r: Stored): Promise<RivenditoreProfile> {
  return {
    uuid: r.uuid,
    ...ownValuesOf(r),
    code: r.code,
    username: r.username ?? '',
    capoarea: r.capoarea ?? '',
    provs: await provs.provsOf(db, 'rivenditori', r.uuid),
    img: r.img,
    stato: accounts.accountStatoOf(r.userstato),
  };
}

/** GET /api/rivenditore/{id}: admin any, area manager within reach (read-only), else 404. */
export async function getRivenditore(db: Db, viewer: Viewer, uuid: string): Promise<RivenditoreProfile> {
  const row = await repo.findRivenditore(db, await rivenditoriScopeOf(db, viewer), uuid);
  if (!row) throw notFound();
  return toProfile(db, row);
}

const valuesOf = (r: RivenditoreSaveBody): repo.RivenditoreValues => ({
  ...ownValuesOf(r),
  code: r.code,
  capoarea: r.capoarea || null,
});

/** The area manager named must exist (an unchanged one is not checked again). */
async function checkCapoarea(db: DbOrTx, record: RivenditoreSaveBody, current?: string | null): Promise<void> {
  if (record.capoarea && record.capoarea !== current && !(await capoareaExists(db, record.capoarea))) {
    throw fieldsRefused({ capoarea: msg.capoareaNonValido }, rivenditoreForm);
  }
}

/** POST /api/riventitore (admin): the reseller and their account, named after the e-mail, stato 'requested'. */
export async function createRivenditore(db: Db, viewer: Viewer, record: RivenditoreSaveBody): Promise<string> {
  await checkCapoarea(db, record);
  const uuid = newId();
  await accounts.createPersonWithAccount(db, record.email, 'rivenditori', rivenditoreForm, async (tx, userUuid) => {
    await repo.insertRivenditore(tx, { uuid, user_uuid: userUuid, values: valuesOf(record), now: nowIso() });
    await provs.setProvs(tx, 'rivenditori', uuid, record.provs);
    const changes = fieldsOf({ ...valuesOf(record), provs: record.provs.join(',') });
    await recordAudit(tx, {
      actor: viewer.userUuid,
      action: 'creazione',
      entity: 'rivenditore',
      entityId: uuid,
      changes,
    });
  });
  return uuid;
}

/** POST /api/rivenditore/{id} (admin). */
export async function saveRivenditore(
  db: Db,
  viewer: Viewer,
  uuid: string,
  record: RivenditoreSaveBody,
): Promise<void> {
  const stored = await repo.findRivenditore(db, { all: true }, uuid);
  if (!stored) throw notFound();
  await checkCapoarea(db, record, stored.capoarea);
  await accounts.savePersonAndAddress(
    db,
    rivenditoreForm,
    { userUuid: stored.user_uuid, email: record.email },
    async (tx) => {
      await repo.updateRivenditore(tx, { all: true }, uuid, valuesOf(record), nowIso());
      const before = { ...stored, provs: (await provs.provsOf(tx, 'rivenditori', uuid)).join(',') };
      await provs.setProvs(tx, 'rivenditori', uuid, record.provs);
      const changes = changesOf(before, { ...valuesOf(record), provs: record.provs.join(',') });
      await recordAudit(tx, {
        actor: viewer.userUuid,
        action: 'modifica',
        entity: 'rivenditore',
        entityId: uuid,
        changes,
      });
    },
  );
}

/** POST /api/rivenditore/{id}/stato (admin). */
export async function setStato(db: Db, viewer: Viewer, uuid: string, body: AccountStatoBody) {
  return accounts.setPersonAccountStato(
    db,
    viewer.userUuid,
    await repo.findRivenditore(db, { all: true }, uuid),
    body.stato,
  );
}

/** DELETE /api/rivenditore/{id} (admin): the row, its provinces, its account and its files. */
export const deleteRivenditore: DeleteRecord = async (db, files, viewer, uuid, log) => {
  await accounts.deletePersonWithAccount(
    db,
    files,
    { role: 'rivenditori', uuid },
    async (tx) => {
      const row = await repo.deleteRivenditore(tx, { all: true }, uuid);
      if (row)
        await recordAudit(tx, {
          actor: viewer.userUuid,
          action: 'eliminazione',
          entity: 'rivenditore',
          entityId: uuid,
        });
      return row;
    },
    log,
  );
};

/** The reseller's own record (GET /api/myprofile). */
export async function getOwn(db: Db, userUuid: string): Promise<RivenditoreProfile> {
  const row = await repo.findRivenditoreByUser(db, userUuid);
  if (!row) throw notFound();
  return toProfile(db, row);
}

/** POST /api/myprofile for a reseller: code, area manager and provinces stay the admin's. */
export async function saveOwn(db: Db, userUuid: string, body: unknown, links: accounts.EmailLinks): Promise<void> {
  const record = checkedBody(rivenditoreOwnForm, body);
  const stored = await repo.findRivenditoreByUser(db, userUuid);
  if (!stored) throw notFound();
  const account = { userUuid: stored.user_uuid, stored: stored.email, email: record.email };
  await accounts.saveOwnPerson(db, rivenditoreOwnForm, links, account, async (tx, email) => {
    const values = { ...ownValuesOf(record), email };
    await repo.updateRivenditore(tx, { all: true }, stored.uuid, values, nowIso());
    const changes = changesOf(stored, values);
    await recordAudit(tx, {
      actor: userUuid,
      action: 'modifica',
      entity: 'rivenditore',
      entityId: stored.uuid,
      changes,
    });
  });
}
