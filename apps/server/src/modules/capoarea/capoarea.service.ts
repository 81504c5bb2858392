import type {
  AccountStatoBody,
  CapoareaOwnBody,
  CapoareaProfile,
  CapoareaQuery,
  CapoareaRow,
  CapoareaSaveBody,
} from '@portal/shared/schemas/capoarea';
import { capoareaForm, capoareaOwnForm } from '@portal/shared/schemas/capoarea';
import type { Paged } from '@portal/shared/schemas/paging';
import { normalizeLogin } from '@portal/shared/validation/common';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../lib/clock.ts';
import { pagedList } from '../../lib/paging.ts';
import { newId } from '../../lib/tokens.ts';
import { checkedBody, notFound } from '../../plugins/error-envelope.ts';
import * as accounts from '../auth/accounts.service.ts';
import type { DeleteRecord } from '../auth/accounts.service.ts';
import type { Viewer } from '../reach/viewer.ts';
import { changesOf, fieldsOf, recordAudit } from '../audit/audit.service.ts';
import * as provs from '../provs/provs.repository.ts';
import * as repo from './capoarea.repository.ts';

const displayName = (r: { name: string; lastname: string; ragsoc: string }) =>
  `${r.name} ${r.lastname}`.trim() || r.ragsoc;

export async function listCapoarea(db: Db, query: CapoareaQuery): Promise<Paged<CapoareaRow>> {
  return pagedList(
    query,
    () => repo.countCapoarea(db, query),
    async (win, reccount) => {
      const rows = await repo.listCapoarea(db, query, win, reccount);
      const provsByOwner = await provs.provsOfMany(
        db,
        'capoarea',
        rows.map((r) => r.uuid),
      );
      return rows.map((r) => ({ ...r, provs: provsByOwner.get(r.uuid) ?? [] }));
    },
    (r) => ({
      uuid: r.uuid,
      img: r.img,
      ragsoc: displayName(r),
      prov: r.state,
      provs: r.provs,
      stato: accounts.accountStatoOf(r.userstato),
    }),
  );
}

type Stored = NonNullable<Awaited<ReturnType<typeof repo.findCapoarea>>>;

async function toProfile(db: Db, c: Stored): Promise<CapoareaProfile> {
  return {
    uuid: c.uuid,
    name: c.name,
    lastname: c.lastname,
    ragsoc: displayName(c),
    piva: c.piva,
    codfis: c.codfis,
    address: c.address,
    city: c.city,
    cap: c.cap,
    state: c.state,
    phone: c.phone,
    cell: c.cell,
    email: c.email,
    website: c.website,
    username: c.username ?? '',
    provs: await provs.provsOf(db, 'capoarea', c.uuid),
    img: c.img,
    stato: accounts.accountStatoOf(c.userstato),
  };
}

export async function getCapoarea(db: Db, uuid: string): Promise<CapoareaProfile> {
  const row = await repo.findCapoarea(db, uuid);
  if (!row) throw notFound();
  return toProfile(db, row);
}

/** The stored values of a validated record: ragsoc, the Nome of lists and combos, follows name and lastname. */
const valuesOf = (r: CapoareaOwnBody): repo.CapoareaValues => ({
  name: r.name,
  lastname: r.lastname,
  ragsoc: `${r.name} ${r.lastname}`.trim(),
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

/**
 * POST /api/capoarea: the area manager and their login account, named after the e-mail address, in stato
 * 'requested' until the admin sends the activation (/auth/admin/resetpassword) and the link sets a password.
 */
export async function createCapoarea(db: Db, viewer: Viewer, record: CapoareaSaveBody): Promise<string> {
  const uuid = newId();
  await accounts.createPersonWithAccount(db, record.email, 'capoarea', capoareaForm, async (tx, userUuid) => {
    await repo.insertCapoarea(tx, { uuid, user_uuid: userUuid, values: valuesOf(record), now: nowIso() });
    await provs.setProvs(tx, 'capoarea', uuid, record.provs);
    const changes = fieldsOf({ ...valuesOf(record), provs: record.provs.join(',') });
    await recordAudit(tx, { actor: viewer.userUuid, action: 'creazione', entity: 'capoarea', entityId: uuid, changes });
  });
  return uuid;
}

/** POST /api/capoarea/{id}: the admin's save, provinces of competence included. */
export async function saveCapoarea(db: Db, viewer: Viewer, uuid: string, record: CapoareaSaveBody): Promise<void> {
  const stored = await repo.findCapoarea(db, uuid);
  if (!stored) throw notFound();
  await accounts.savePersonAndAddress(
    db,
    capoareaForm,
    { userUuid: stored.user_uuid, email: record.email },
    async (tx) => {
      await repo.updateCapoarea(tx, uuid, valuesOf(record), nowIso());
      const before = { ...stored, provs: (await provs.provsOf(tx, 'capoarea', uuid)).join(',') };
      await provs.setProvs(tx, 'capoarea', uuid, record.provs);
      const changes = changesOf(before, { ...valuesOf(record), provs: record.provs.join(',') });
      await recordAudit(tx, {
        actor: viewer.userUuid,
        action: 'modifica',
        entity: 'capoarea',
        entityId: uuid,
        changes,
      });
    },
  );
}

/** POST /api/capoarea/{id}/stato: disable or re-enable the area manager's account. */
export async function setStato(db: Db, viewer: Viewer, uuid: string, body: AccountStatoBody) {
  return accounts.setPersonAccountStato(db, viewer.userUuid, await repo.findCapoarea(db, uuid), body.stato);
}

/**
 * DELETE /api/capoarea/{id}: the row, its provinces and its account (or only the capoarea role of an account
 * that holds another). Installers, resellers and partners keep existing with an empty capoarea.
 */
export const deleteCapoarea: DeleteRecord = async (db, files, viewer, uuid, log) => {
  await accounts.deletePersonWithAccount(
    db,
    files,
    { role: 'capoarea', uuid },
    async (tx) => {
      const row = await repo.deleteCapoarea(tx, uuid);
      if (row)
        await recordAudit(tx, { actor: viewer.userUuid, action: 'eliminazione', entity: 'capoarea', entityId: uuid });
      return row;
    },
    log,
  );
};

/** The area manager's own record (GET /api/myprofile). */
export async function getOwn(db: Db, userUuid: string): Promise<CapoareaProfile> {
  const row = await repo.findCapoareaByUser(db, userUuid);
  if (!row) throw notFound();
  return toProfile(db, row);
}

/** POST /api/myprofile for an area manager: the same rules, the provinces stay the admin's. */
export async function saveOwn(db: Db, userUuid: string, body: unknown, links: accounts.EmailLinks): Promise<void> {
  const record = checkedBody(capoareaOwnForm, body);
  const stored = await repo.findCapoareaByUser(db, userUuid);
  if (!stored) throw notFound();
  const account = { userUuid: stored.user_uuid, stored: stored.email, email: record.email };
  await accounts.saveOwnPerson(db, capoareaOwnForm, links, account, async (tx, email) => {
    const values = { ...valuesOf(record), email };
    await repo.updateCapoarea(tx, stored.uuid, values, nowIso());
    const changes = changesOf(stored, values);
    await recordAudit(tx, { actor: userUuid, action: 'modifica', entity: 'capoarea', entityId: stored.uuid, changes });
  });
}
