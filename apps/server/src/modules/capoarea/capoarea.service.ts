import type {
  AccountStatoBody,
  CapoareaOwnBody,
  CapoareaProfile,
  CapoareaQuery,
  CapoareaRow,
  CapoareaSaveBody,
} from '@portal/shared/schemas/capoarea';
import { capoareaForm, capoareaOwnForm } from '@portal/shared/schemas/capoarea';
import type { Paged, PagingQuery } from '@portal/shared/schemas/paging';
import { normalizeLogin } from '@portal/shared/validation/common';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../lib/clock.ts';
import { ownerPrefix, type FileStore } from '../../lib/file-store.ts';
import { pageWindow } from '../../lib/paging.ts';
import { newId } from '../../lib/tokens.ts';
import { firstMessage, notFound, parseForm } from '../../plugins/error-envelope.ts';
import * as accounts from '../auth/accounts.service.ts';
import { removeAccountRole } from '../auth/users.repository.ts';
import * as provs from '../provs/provs.repository.ts';
import * as repo from './capoarea.repository.ts';

const displayName = (r: { name: string; lastname: string; ragsoc: string }) =>
  `${r.name} ${r.lastname}`.trim() || r.ragsoc;

export async function listCapoarea(db: Db, query: CapoareaQuery): Promise<Paged<CapoareaRow>> {
  const reccount = await repo.countCapoarea(db, query);
  const win = pageWindow(reccount, query satisfies PagingQuery);
  const rows = await repo.listCapoarea(db, query, win, reccount);
  const provsByOwner = await provs.provsOfMany(
    db,
    'capoarea',
    rows.map((r) => r.uuid),
  );
  return {
    data: rows.map((r) => ({
      uuid: r.uuid,
      img: r.img,
      ragsoc: displayName(r),
      prov: r.state,
      provs: provsByOwner.get(r.uuid) ?? [],
      stato: accounts.accountStatoOf(r.userstato),
    })),
    page: win.page,
    pages: win.pages,
    reccount,
  };
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
export async function createCapoarea(db: Db, body: CapoareaSaveBody): Promise<string> {
  const record = parseForm(capoareaForm, body, firstMessage);
  const uuid = newId();
  await accounts.createPersonWithAccount(db, record.email, 'capoarea', firstMessage, async (tx, userUuid) => {
    await repo.insertCapoarea(tx, { uuid, user_uuid: userUuid, values: valuesOf(record), now: nowIso() });
    await provs.setProvs(tx, 'capoarea', uuid, record.provs);
  });
  return uuid;
}

/** POST /api/capoarea/{id}: the admin's save, provinces of competence included. */
export async function saveCapoarea(db: Db, uuid: string, body: CapoareaSaveBody): Promise<void> {
  const record = parseForm(capoareaForm, body, firstMessage);
  const stored = await repo.findCapoarea(db, uuid);
  if (!stored) throw notFound();
  await accounts.savingAddress(
    () =>
      db.transaction().execute(async (tx) => {
        await repo.updateCapoarea(tx, uuid, valuesOf(record), nowIso());
        await provs.setProvs(tx, 'capoarea', uuid, record.provs);
        await accounts.syncAccountEmail(tx, stored.user_uuid, record.email, firstMessage);
      }),
    firstMessage,
  );
}

/** POST /api/capoarea/{id}/stato: disable or re-enable the area manager's account. */
export async function setStato(db: Db, uuid: string, body: AccountStatoBody) {
  return accounts.setPersonAccountStato(db, await repo.findCapoarea(db, uuid), body.stato);
}

/**
 * DELETE /api/capoarea/{id}: the row, its provinces and its account (or only the capoarea role of an account
 * that holds another). Installers, resellers and partners keep existing with an empty capoarea.
 */
export async function deleteCapoarea(
  db: Db,
  files: FileStore,
  uuid: string,
  log: { warn(obj: object, text: string): void },
): Promise<void> {
  const deleted = await db.transaction().execute(async (tx) => {
    const row = await repo.deleteCapoarea(tx, uuid);
    if (row?.user_uuid) await removeAccountRole(tx, row.user_uuid, 'capoarea');
    return row !== undefined;
  });
  if (!deleted) throw notFound();
  await files.deletePrefix(ownerPrefix('capoarea', uuid)).catch((err: unknown) => {
    log.warn({ err, uuid }, 'file del capo area non eliminati');
  });
}

/** The area manager's own record (GET /api/myprofile). */
export async function getOwn(db: Db, userUuid: string): Promise<CapoareaProfile> {
  const row = await repo.findCapoareaByUser(db, userUuid);
  if (!row) throw notFound();
  return toProfile(db, row);
}

/** POST /api/myprofile for an area manager: the same rules, the provinces stay the admin's. */
export async function saveOwn(db: Db, userUuid: string, body: unknown): Promise<void> {
  const record = parseForm(capoareaOwnForm, body, firstMessage);
  const stored = await repo.findCapoareaByUser(db, userUuid);
  if (!stored) throw notFound();
  await accounts.savingAddress(
    () =>
      db.transaction().execute(async (tx) => {
        await repo.updateCapoarea(tx, stored.uuid, valuesOf(record), nowIso());
        await accounts.syncAccountEmail(tx, stored.user_uuid, record.email, firstMessage);
      }),
    firstMessage,
  );
}
