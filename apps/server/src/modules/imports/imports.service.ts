import {
  companyColumns,
  companyImportRecord,
  IMPORT_BATCH_MAX,
  installerColumns,
  installerImportRecord,
  type CompanyImportRecord,
  type ImportBatchBody,
  type ImportBatchReply,
  type ImportExtras,
  type ImportKind,
  type ImportOutcome,
  type ImportRecord,
  type ImportRowOutcome,
  type ImportStartBody,
  type ImpposatoriPage,
  type ImpposatoriQuery,
  type InstallerImportRecord,
} from '@portal/shared/schemas/imports';
import { msg } from '@portal/shared/messages-it';
import type { Paged, PagingQuery } from '@portal/shared/schemas/paging';
import { normalizeLogin } from '@portal/shared/validation/common';
import { validationMsg } from '@portal/shared/validation/messages';
import { capRule, emailRule, twoCharStateRule } from '@portal/shared/validation/field-rules';
import { installerImportRules } from '@portal/shared/validation/profile-rules';
import { validateRecord } from '@portal/shared/validation/rules';
import { sql } from 'kysely';
import type { Db, DbOrTx } from '../../db/database.ts';
import { nowIso } from '../../lib/clock.ts';
import { pageWindow } from '../../lib/paging.ts';
import { fold, isSqlite } from '../../lib/text-search.ts';
import { newId } from '../../lib/tokens.ts';
import { fieldsRefused, notFound } from '../../plugins/error-envelope.ts';
import * as accounts from '../auth/accounts.service.ts';
import { loginOwners } from '../auth/auth.repository.ts';
import { findType } from '../coupon-types/coupon-types.repository.ts';
import { activeType, giveCoupons, retryOnCodeCollision } from '../coupons/coupons.service.ts';
import { partnerKeys } from '../partners/partners.repository.ts';
import type { PartnersTable } from '../partners/partners.table.ts';
import { posatoreKeys, qualificaExists } from '../posatori/posatori.repository.ts';
import { saveBodyOf, statoAfterSave, toRow } from '../posatori/posatori.service.ts';
import { noCouponTotals, type PosatoriTable } from '../posatori/posatori.table.ts';
import * as repo from './imports.repository.ts';
import type { ImportPosatoriTable } from './imports.table.ts';
import type { Viewer } from '../reach/viewer.ts';

export const importMsg = {
  tipoCouponNonValido: 'Tipo coupon non valido o disattivato',
  tipoCorsoNonValido: 'Tipo corso non valido',
  rivenditoreNonTrovato: (name: string) => `Rivenditore non trovato: ${name}`,
  rivenditoreAmbiguo: (name: string) => `Più rivenditori corrispondono a: ${name}`,
  capoareaNonTrovato: (name: string) => `Capo area non trovato: ${name}`,
  capoareaAmbiguo: (name: string) => `Più capi area corrispondono a: ${name}`,
  dataNonValida: 'Data non valida (GG/MM/AAAA)',
  campoObbligatorio: 'Campo obbligatorio',
  rigaNonValida: 'Riga non valida',
} as const;

const headerOf = (columns: readonly (readonly [string, string])[]) => new Map(columns.map(([f, h]) => [f, h]));
const installerHeaders = headerOf(installerColumns);
const companyHeaders = headerOf(companyColumns);

/** Field problems as one Italian reason naming the sheet's columns: 'CAP: Il CAP deve essere di 5 cifre; ...'. */
function reasonOf(problems: Record<string, string>, headers: Map<string, string>): string {
  return Object.entries(problems)
    .map(([field, message]) => `${headers.get(field) ?? field}: ${message}`)
    .join('; ');
}

/**
 * A date as a sheet gives it: the wizard sends date cells as YYYY-MM-DD; a date typed as text is read the Italian
 * way (GG/MM/AAAA, also with - or .). Undefined when it is not a real date.
 */
export function importDate(text: string): string | undefined {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const it = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : it ? [it[3], it[2], it[1]] : [];
  if (!y || !m || !d) return undefined;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  if (date.getUTCFullYear() !== Number(y) || date.getUTCMonth() !== Number(m) - 1 || date.getUTCDate() !== Number(d)) {
    return undefined;
  }
  return `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
}

/** The input filters of the forms (spec section 5), applied to what a sheet holds. */
const phoneFilter = (v: string) => v.replace(/[^0-9 /+-]/g, '').trim();
const trimAll = <T extends Record<string, string>>(r: T): T =>
  Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v.replace(/\s+/g, ' ').trim()])) as T;

/** The extras must name what exists: an active coupon type and a qualification. */
async function checkedExtras(db: DbOrTx, extras: ImportExtras): Promise<ImportExtras> {
  const fields: Record<string, string> = {};
  if (extras.impcoupon) {
    const type = await findType(db, extras.impcoupon);
    if (!type || type.disattiva === 1) fields['impcoupon'] = importMsg.tipoCouponNonValido;
  }
  if (extras.impcorso && !(await qualificaExists(db, extras.impcorso))) {
    fields['impcorso'] = importMsg.tipoCorsoNonValido;
  }
  if (Object.keys(fields).length > 0) throw fieldsRefused(fields);
  return extras;
}

const toRecord = (r: NonNullable<Awaited<ReturnType<typeof repo.findImport>>>): ImportRecord => ({
  uuid: r.uuid,
  tipo: r.tipo,
  file: r.file,
  utente: r.utente ?? '',
  started_at: r.started_at,
  updated_at: r.updated_at,
  righe: r.righe,
  elaborate: r.elaborate,
  nuovi: r.nuovi,
  aggiornati: r.aggiornati,
  invariati: r.invariati,
  errori: r.errori,
  coupon: r.coupon,
  impcoupon: r.impcoupon,
  destcoupon: r.destcoupon ?? '',
  impcorso: r.impcorso,
  destcorso: r.destcorso ?? '',
  impdtcorso: r.impdtcorso,
});

/** POST /api/imports: the record of an import, opened by the wizard before its first batch. */
export async function startImport(db: Db, viewer: Viewer, body: ImportStartBody & ImportExtras): Promise<string> {
  // The extras mean something for installers only: a company file stores none of them.
  const extras =
    body.tipo === 'posatori' ? await checkedExtras(db, body) : { impcoupon: '', impcorso: '', impdtcorso: '' };
  const uuid = newId();
  const now = nowIso();
  await repo.insertImport(db, {
    uuid,
    tipo: body.tipo,
    file: body.file,
    user_uuid: viewer.userUuid,
    started_at: now,
    updated_at: now,
    righe: body.righe,
    elaborate: 0,
    nuovi: 0,
    aggiornati: 0,
    invariati: 0,
    errori: 0,
    coupon: 0,
    ...extras,
  });
  return uuid;
}

export async function getImport(db: DbOrTx, uuid: string): Promise<ImportRecord> {
  const row = await repo.findImport(db, uuid);
  if (!row) throw notFound();
  return toRecord(row);
}

export async function listImports(db: DbOrTx, query: PagingQuery): Promise<Paged<ImportRecord>> {
  const reccount = await repo.countImports(db);
  const win = pageWindow(reccount, query);
  const rows = await repo.listImports(db, win);
  return { data: rows.map(toRecord), page: win.page, pages: win.pages, reccount };
}

type Row = { riga: number; record: Record<string, string> };
/** What one transaction stored: per row its outcome, its installer or company and the coupons it got; their sum. */
type Stored = {
  outcomes: ImportRowOutcome[];
  coupon: number;
  uuids: (string | undefined)[];
  coupons: number[];
};

/** POST /api/imports/{id}/righe: one batch of the wizard, all or nothing, counted in the import's record. */
export async function importBatch(db: Db, uuid: string, body: ImportBatchBody): Promise<ImportBatchReply> {
  const found = await repo.importRow(db, uuid);
  if (!found) throw notFound();
  const extras: ImportExtras = { impcoupon: found.impcoupon, impcorso: found.impcorso, impdtcorso: found.impdtcorso };
  const stored = await storeRows(db, found.tipo, body.righe, extras, uuid);
  return { res: 'OK', esiti: stored.outcomes, import: await getImport(db, uuid) };
}

/**
 * POST /api/imports/{posatori|azienda}: one row (spec section 7), counted in an import when impid names one. A
 * refused row is a 400 with its reasons per field.
 */
export async function importRow(
  db: Db,
  kind: ImportKind,
  body: Record<string, string> & ImportExtras & { impid: string },
): Promise<{ uuid: string; esito: ImportOutcome; coupon: number }> {
  let extras: ImportExtras = { impcoupon: body.impcoupon, impcorso: body.impcorso, impdtcorso: body.impdtcorso };
  if (body.impid) {
    const found = await repo.importRow(db, body.impid);
    if (!found || found.tipo !== kind) throw notFound();
    extras = { impcoupon: found.impcoupon, impcorso: found.impcorso, impdtcorso: found.impdtcorso };
  } else if (kind === 'posatori') {
    extras = await checkedExtras(db, extras);
  }
  const { impcoupon: _c, impcorso: _k, impdtcorso: _d, impid: _i, ...record } = body;
  const stored = body.impid
    ? await storeInLane(db, kind, body.impid, extras, record)
    : singleOf(await storeRows(db, kind, [{ riga: 1, record }], extras, undefined), 0);
  if (stored.outcome.esito === 'errore' || !stored.uuid) {
    throw fieldsRefused({ riga: stored.outcome.motivo || importMsg.rigaNonValida }, 'first-message');
  }
  return { uuid: stored.uuid, esito: stored.outcome.esito, coupon: stored.coupon };
}

type StoredRow = { outcome: ImportRowOutcome; uuid: string | undefined; coupon: number };

const singleOf = (stored: Stored, i: number): StoredRow => ({
  outcome: stored.outcomes[i] ?? { riga: 1, esito: 'errore', motivo: importMsg.rigaNonValida },
  uuid: stored.uuids[i],
  coupon: stored.coupons[i] ?? 0,
});

/**
 * Per-row calls of one import that arrive while its previous transaction runs wait for it and then commit together,
 * as the wizard's batches do (up to IMPORT_BATCH_MAX rows): a client sending rows four at a time otherwise pays a
 * transaction and a dozen round trips per row, which on PostgreSQL here kept it under 220 rows/s, the Node process's
 * CPU going to its socket writes. One call alone still commits alone; each caller gets its own row's outcome, and a
 * failed transaction fails the calls it held. The import's extras are the import's own, so one lane per import.
 */
type LaneRow = { record: Record<string, string>; done: (r: StoredRow) => void; failed: (err: unknown) => void };
type Lane = { kind: ImportKind; extras: ImportExtras; waiting: LaneRow[] };
const lanes = new Map<string, Lane>();

function storeInLane(
  db: Db,
  kind: ImportKind,
  importUuid: string,
  extras: ImportExtras,
  record: Record<string, string>,
): Promise<StoredRow> {
  return new Promise((done, failed) => {
    const lane = lanes.get(importUuid);
    if (lane) {
      lane.waiting.push({ record, done, failed });
      return;
    }
    const started: Lane = { kind, extras, waiting: [{ record, done, failed }] };
    lanes.set(importUuid, started);
    void drainLane(db, importUuid, started);
  });
}

async function drainLane(db: Db, importUuid: string, lane: Lane): Promise<void> {
  while (lane.waiting.length > 0) {
    const batch = lane.waiting.splice(0, IMPORT_BATCH_MAX);
    try {
      const rows = batch.map((w, i) => ({ riga: i + 1, record: w.record }));
      const stored = await storeRows(db, lane.kind, rows, lane.extras, importUuid);
      batch.forEach((w, i) => w.done(singleOf(stored, i)));
    } catch (err) {
      for (const w of batch) w.failed(err);
    }
  }
  lanes.delete(importUuid);
}

/** One transaction: the rows, the coupons, the links and the import's counts commit together or not at all. */
async function storeRows(
  db: Db,
  kind: ImportKind,
  rows: readonly Row[],
  extras: ImportExtras,
  importUuid: string | undefined,
): Promise<Stored> {
  const transaction = () =>
    db.transaction().execute(async (tx) => {
      // The same file completes an import (docs/decisions/0018), so a batch need not wait for the disk: PostgreSQL
      // answers before the log is flushed; a crash may lose the last batches, never half of one (SQLite: WAL NORMAL).
      if (!isSqlite(tx)) await sql`set local synchronous_commit = off`.execute(tx);
      const stored =
        kind === 'posatori' ? await storeInstallers(tx, rows, extras, importUuid) : await storeCompanies(tx, rows);
      if (importUuid) {
        const count = (esito: ImportOutcome) => stored.outcomes.filter((o) => o.esito === esito).length;
        await repo.addCounts(
          tx,
          importUuid,
          {
            elaborate: rows.length,
            nuovi: count('nuovo'),
            aggiornati: count('aggiornato'),
            invariati: count('invariato'),
            errori: count('errore'),
            coupon: stored.coupon,
          },
          nowIso(),
        );
      }
      return stored;
    });
  return retryOnCodeCollision(() => accounts.retryOnLoginCollision(transaction));
}

type Reference = { uuid: string } | { problem: string };

/** The resellers and area managers the rows name, matched to existing ones (one is needed, not two). */
async function referencesOf(tx: DbOrTx, records: readonly InstallerImportRecord[]) {
  const resellerNames = [...new Set(records.map((r) => r.rivenditore).filter(Boolean))];
  const resellers = resellerNames.length > 0 ? await repo.resellersNamed(tx, resellerNames) : [];
  const areaNames = records.some((r) => r.capoarea) ? await repo.areaManagers(tx) : [];
  const reseller = (name: string): Reference => {
    const key = fold(name);
    const byCode = resellers.filter((r) => r.code_key === key);
    const matches = byCode.length > 0 ? byCode : resellers.filter((r) => r.ragsoc_key === key);
    if (matches.length === 1 && matches[0]) return { uuid: matches[0].uuid };
    return { problem: (matches.length === 0 ? importMsg.rivenditoreNonTrovato : importMsg.rivenditoreAmbiguo)(name) };
  };
  const areaManager = (name: string): Reference => {
    const key = fold(name);
    const matches = areaNames.filter(
      (a) =>
        fold(a.ragsoc) === key || fold(`${a.name} ${a.lastname}`) === key || fold(`${a.lastname} ${a.name}`) === key,
    );
    if (matches.length === 1 && matches[0]) return { uuid: matches[0].uuid };
    return { problem: (matches.length === 0 ? importMsg.capoareaNonTrovato : importMsg.capoareaAmbiguo)(name) };
  };
  return { reseller, areaManager };
}

/** The fields a sheet sets on an installer, and the columns they come from. */
type SheetValues = Pick<
  PosatoriTable,
  | 'codfis'
  | 'lastname'
  | 'name'
  | 'email'
  | 'cell'
  | 'dtnasc'
  | 'azienda'
  | 'address'
  | 'city'
  | 'state'
  | 'cap'
  | 'phone'
  | 'website'
  | 'piva'
  | 'rivenditore'
  | 'capoarea'
  | 'tipo'
  | 'dtstart'
>;

/** A row checked: its values, or its reasons. */
function checkedInstaller(
  parsed: ReturnType<typeof installerImportRecord.safeParse>,
  refs: Awaited<ReturnType<typeof referencesOf>>,
): { values: SheetValues } | { problem: string } {
  if (!parsed.success) return { problem: importMsg.rigaNonValida };
  const r = trimAll(parsed.data);
  const record = {
    ...r,
    codfis: r.codfis.replace(/\s/g, '').toUpperCase(),
    state: r.state.toUpperCase(),
    email: normalizeLogin(r.email),
    cell: phoneFilter(r.cell),
    phone: phoneFilter(r.phone),
    piva: r.piva.replace(/\s/g, ''),
  };
  const problems: Record<string, string> = { ...validateRecord(installerImportRules, record) };
  const dtnasc = record.dtnasc === '' ? '' : importDate(record.dtnasc);
  if (dtnasc === undefined) problems['dtnasc'] ??= importMsg.dataNonValida;
  const reseller = record.rivenditore ? refs.reseller(record.rivenditore) : undefined;
  if (reseller && 'problem' in reseller) problems['rivenditore'] ??= reseller.problem;
  const area = record.capoarea ? refs.areaManager(record.capoarea) : undefined;
  if (area && 'problem' in area) problems['capoarea'] ??= area.problem;
  if (Object.keys(problems).length > 0) return { problem: reasonOf(problems, installerHeaders) };
  return {
    values: {
      codfis: record.codfis,
      lastname: record.lastname,
      name: record.name,
      email: record.email,
      cell: record.cell,
      dtnasc: dtnasc ?? '',
      azienda: record.ragsocaz,
      address: record.address,
      city: record.city,
      state: record.state,
      cap: record.cap,
      phone: record.phone,
      website: record.website,
      piva: record.piva,
      rivenditore: reseller && 'uuid' in reseller ? reseller.uuid : null,
      capoarea: area && 'uuid' in area ? area.uuid : null,
      tipo: '',
      dtstart: '',
    },
  };
}

/**
 * What a row changes on a stored installer: every filled cell replaces the stored value, an empty one keeps it (a
 * sheet without a column loses nothing); the course sets the qualification and moves the last course date forward,
 * never back.
 */
function changesFor(stored: PosatoriTable, values: SheetValues, extras: ImportExtras): Partial<PosatoriTable> {
  const changes: Partial<Record<keyof SheetValues, string | null>> = {};
  for (const [key, value] of Object.entries(values) as [keyof SheetValues, string | null][]) {
    if (value !== null && value !== '' && stored[key] !== value) changes[key] = value;
  }
  if (extras.impcorso && stored.tipo !== extras.impcorso) changes.tipo = extras.impcorso;
  if (extras.impdtcorso && stored.dtstart < extras.impdtcorso) changes.dtstart = extras.impdtcorso;
  return changes as Partial<PosatoriTable>;
}

function newInstaller(values: SheetValues, extras: ImportExtras, now: string): PosatoriTable {
  const row: PosatoriTable = {
    uuid: newId(),
    user_uuid: null,
    ragsoc: '',
    code: '',
    certificato: 0,
    diisocianati: 0,
    web: 0,
    contoterzi: 0,
    img: '',
    err1: '',
    userstato: 'none',
    ...noCouponTotals,
    created_at: now,
    updated_at: now,
    ...values,
    tipo: extras.impcorso,
    dtstart: extras.impdtcorso,
    stato: 'INCOMPLETO',
    ...posatoreKeys({ name: values.name, lastname: values.lastname, code: '' }),
  };
  row.stato = statoAfterSave('', saveBodyOf(row));
  return row;
}

/**
 * A row may give a stored installer's account a new address only if no other account logs in by it, in the
 * database or earlier in the batch: the answer for each (account, address), the addresses' owners read at once.
 */
async function loginAddresses(
  tx: DbOrTx,
  checked: readonly ({ values: SheetValues } | { problem: string })[],
  byCodfis: ReadonlyMap<string, PosatoriTable>,
) {
  const addresses = checked.flatMap((c) =>
    'values' in c && c.values.email !== '' && byCodfis.get(c.values.codfis)?.user_uuid ? [c.values.email] : [],
  );
  const owners = await loginOwners(tx, addresses);
  return (account: string | null, address: string): boolean => {
    if (!account) return false;
    const owner = owners.get(address);
    if (owner !== undefined && owner !== account) return true;
    owners.set(address, account);
    return false;
  };
}

/**
 * The installer rows of spec section 5: a person already in the registry (same codice fiscale, also earlier in
 * the same file) is updated, never duplicated, so the same file twice changes nothing the second time. The coupon
 * type of the wizard is given to whoever does not hold coupons of that type yet, which keeps a second run from
 * giving them twice.
 */
async function storeInstallers(
  tx: DbOrTx,
  rows: readonly Row[],
  extras: ImportExtras,
  importUuid: string | undefined,
): Promise<Stored> {
  const now = nowIso();
  const parsed = rows.map((r) => installerImportRecord.safeParse(r.record));
  const records = parsed.flatMap((p) => (p.success ? [p.data] : []));
  const refs = await referencesOf(tx, records);
  const checked = parsed.map((p) => checkedInstaller(p, refs));
  const codfis = [...new Set(checked.flatMap((c) => ('values' in c ? [c.values.codfis] : [])))];
  const byCodfis = new Map<string, PosatoriTable>();
  for (const p of codfis.length > 0 ? repo.oldestFirst(await repo.installersByCodfis(tx, codfis)) : []) {
    if (!byCodfis.has(p.codfis)) byCodfis.set(p.codfis, p);
  }

  const outcomes: ImportRowOutcome[] = [];
  const uuids: (string | undefined)[] = [];
  const inserts = new Map<string, PosatoriTable>();
  const updates = new Map<string, { row: PosatoriTable; changes: Partial<PosatoriTable>; emailFrom: string }>();
  const addressTaken = await loginAddresses(tx, checked, byCodfis);
  checked.forEach((c, i) => {
    const riga = rows[i]?.riga ?? 0;
    if ('problem' in c) {
      outcomes.push({ riga, esito: 'errore', motivo: c.problem });
      uuids.push(undefined);
      return;
    }
    const stored = byCodfis.get(c.values.codfis);
    if (!stored) {
      const row = newInstaller(c.values, extras, now);
      inserts.set(row.uuid, row);
      byCodfis.set(row.codfis, row);
      outcomes.push({ riga, esito: 'nuovo', motivo: '' });
      uuids.push(row.uuid);
      return;
    }
    const changes = changesFor(stored, c.values, extras);
    if (changes.email !== undefined && addressTaken(stored.user_uuid, changes.email)) {
      outcomes.push({ riga, esito: 'errore', motivo: reasonOf({ email: msg.utenteEsistente }, installerHeaders) });
      uuids.push(undefined);
      return;
    }
    const esito: ImportOutcome = Object.keys(changes).length === 0 ? 'invariato' : 'aggiornato';
    if (esito === 'aggiornato') {
      const before = updates.get(stored.uuid)?.emailFrom ?? stored.email;
      Object.assign(stored, changes);
      if (inserts.has(stored.uuid)) inserts.set(stored.uuid, stored);
      else updates.set(stored.uuid, { row: stored, changes, emailFrom: before });
    }
    outcomes.push({ riga, esito: inserts.has(stored.uuid) ? 'nuovo' : esito, motivo: '' });
    uuids.push(stored.uuid);
  });

  // The coupon type's coupons go to whoever holds none of that type yet: every new installer, and the stored ones
  // the coupons table says so of. New rows are written with their count already, so they are not rewritten after.
  const type = extras.impcoupon ? await activeType(tx, extras.impcoupon) : undefined;
  const touched = [...new Set(uuids.filter((u): u is string => u !== undefined))];
  const stored = touched.filter((u) => !inserts.has(u));
  const holders = type ? await repo.holdersOfType(tx, type.uuid, stored) : new Set<string>();
  const receivers = type ? touched.filter((u) => !holders.has(u)) : [];

  await repo.insertInstallers(
    tx,
    [...inserts.values()].map((row) => ({
      ...row,
      ...posatoreKeys(row),
      stato: statoAfterSave('', saveBodyOf(row)),
      // The type's coupons, none redeemed: what refreshCouponCounts would write.
      ...(type ? { coupon: type.ncoupon, coupon_valore: type.ncoupon * type.valore } : {}),
    })),
  );
  for (const { row, emailFrom } of updates.values()) {
    await repo.updateInstaller(tx, row.uuid, {
      ...pickSheetFields(row),
      ...posatoreKeys(row),
      stato: statoAfterSave(row.stato, saveBodyOf(row)),
      updated_at: now,
    });
    // Reset and activation links go to the account's address: it follows the profile's, as a save does.
    if (row.email !== emailFrom) await accounts.syncAccountEmail(tx, row.user_uuid, row.email);
  }

  const coupon = type ? await giveCoupons(tx, type, receivers, new Set(inserts.keys())) : 0;
  const given = new Map(receivers.map((u) => [u, type?.ncoupon ?? 0]));
  if (importUuid) {
    const links = new Map<string, ImportPosatoriTable>();
    outcomes.forEach((o, i) => {
      const u = uuids[i];
      if (u && o.esito !== 'errore') {
        links.set(u, { import_uuid: importUuid, posatore_uuid: u, esito: o.esito, coupon: given.get(u) ?? 0 });
      }
    });
    await repo.linkInstallers(tx, [...links.values()]);
  }
  return { outcomes, coupon, uuids, coupons: uuids.map((u) => (u ? (given.get(u) ?? 0) : 0)) };
}

const sheetFields = [
  'codfis',
  'lastname',
  'name',
  'email',
  'cell',
  'dtnasc',
  'azienda',
  'address',
  'city',
  'state',
  'cap',
  'phone',
  'website',
  'piva',
  'rivenditore',
  'capoarea',
  'tipo',
  'dtstart',
] as const satisfies readonly (keyof SheetValues)[];

const pickSheetFields = (row: PosatoriTable): SheetValues =>
  Object.fromEntries(sheetFields.map((f) => [f, row[f]])) as SheetValues;

type CompanyValues = Pick<
  PartnersTable,
  'code' | 'ragsoc' | 'email' | 'phone' | 'website' | 'address' | 'cap' | 'city' | 'state' | 'dtstart' | 'dtend'
>;

/** The month field of a validity date (YYYY-MM-01), '' when empty, undefined when not a date. */
const monthOf = (text: string): string | undefined => {
  if (text === '') return '';
  const monthOnly = /^(\d{1,2})[/.-](\d{4})$/.exec(text);
  if (monthOnly?.[1] && monthOnly[2] && Number(monthOnly[1]) >= 1 && Number(monthOnly[1]) <= 12) {
    return `${monthOnly[2]}-${monthOnly[1].padStart(2, '0')}-01`;
  }
  const date = importDate(text);
  return date === undefined ? undefined : `${date.slice(0, 7)}-01`;
};

/**
 * A company row (spec section 3, the CRM's export). The spec shows no checks for it; the portal asks for what a
 * registry needs: the ContactID that identifies the company on the next import, a name, and well-formed e-mail,
 * CAP, province and validity dates when present.
 */
function checkedCompany(raw: Record<string, string>): { values: CompanyValues } | { problem: string } {
  const parsed = companyImportRecord.safeParse(raw);
  if (!parsed.success) return { problem: importMsg.rigaNonValida };
  const r: CompanyImportRecord = trimAll(parsed.data);
  const email = normalizeLogin(r.email);
  const state = r.state.toUpperCase();
  const problems: Record<string, string> = {};
  if (r.code === '') problems['code'] = importMsg.campoObbligatorio;
  if (r.ragsoc === '') problems['ragsoc'] = importMsg.campoObbligatorio;
  const check = (field: string, value: string, rule: (v: string) => string | null) => {
    const problem = value === '' ? null : rule(value);
    if (problem) problems[field] = problem;
  };
  check('email', email, (v) => emailRule(v));
  check('cap', r.cap, (v) => capRule(v));
  check('state', state, (v) => twoCharStateRule(v));
  const dtstart = monthOf(r.dtstart);
  const dtend = monthOf(r.dtend);
  if (dtstart === undefined) problems['dtstart'] = importMsg.dataNonValida;
  if (dtend === undefined) problems['dtend'] = importMsg.dataNonValida;
  if (dtstart && dtend && dtend < dtstart) problems['dtend'] = validationMsg.fineDopoInizio;
  if (Object.keys(problems).length > 0) return { problem: reasonOf(problems, companyHeaders) };
  return {
    values: {
      code: r.code,
      ragsoc: r.ragsoc,
      email,
      phone: phoneFilter(r.phone),
      website: r.website,
      address: r.address,
      cap: r.cap,
      city: r.city,
      state,
      dtstart: dtstart ?? '',
      dtend: dtend ?? '',
    },
  };
}

/** Company rows: a company already in the registry (same ContactID) is updated with the filled cells. */
async function storeCompanies(tx: DbOrTx, rows: readonly Row[]): Promise<Stored> {
  const now = nowIso();
  const checked = rows.map((r) => checkedCompany(r.record));
  const codes = [...new Set(checked.flatMap((c) => ('values' in c ? [c.values.code] : [])))];
  const byCode = new Map<string, PartnersTable>();
  for (const p of codes.length > 0 ? repo.oldestFirst(await repo.partnersByCode(tx, codes)) : []) {
    const key = fold(p.code);
    if (!byCode.has(key)) byCode.set(key, p);
  }
  const outcomes: ImportRowOutcome[] = [];
  const uuids: (string | undefined)[] = [];
  const inserts = new Map<string, PartnersTable>();
  const updates = new Map<string, PartnersTable>();
  checked.forEach((c, i) => {
    const riga = rows[i]?.riga ?? 0;
    if ('problem' in c) {
      outcomes.push({ riga, esito: 'errore', motivo: c.problem });
      uuids.push(undefined);
      return;
    }
    const stored = byCode.get(fold(c.values.code));
    if (!stored) {
      const row: PartnersTable = {
        uuid: newId(),
        priorita: '',
        piva: '',
        codfis: '',
        cell: '',
        capoarea: null,
        rivenditore: null,
        img: '',
        dtrinnovo: '',
        dtscad: '',
        created_at: now,
        updated_at: now,
        ...c.values,
        ...partnerKeys(c.values),
      };
      inserts.set(row.uuid, row);
      byCode.set(fold(row.code), row);
      outcomes.push({ riga, esito: 'nuovo', motivo: '' });
      uuids.push(row.uuid);
      return;
    }
    let changed = false;
    for (const [key, value] of Object.entries(c.values) as [keyof CompanyValues, string][]) {
      if (value !== '' && stored[key] !== value) {
        stored[key] = value;
        changed = true;
      }
    }
    if (changed && !inserts.has(stored.uuid)) updates.set(stored.uuid, stored);
    outcomes.push({
      riga,
      esito: inserts.has(stored.uuid) ? 'nuovo' : changed ? 'aggiornato' : 'invariato',
      motivo: '',
    });
    uuids.push(stored.uuid);
  });
  await repo.insertPartners(tx, [...inserts.values()]);
  for (const p of updates.values()) {
    const { uuid: _u, created_at: _c, ...values } = p;
    await repo.updatePartner(tx, p.uuid, { ...values, ...partnerKeys(p), updated_at: now });
  }
  return { outcomes, coupon: 0, uuids, coupons: uuids.map(() => 0) };
}

/** GET /api/impposatori/{id}: the installers one import stored or updated. */
export async function importedInstallers(db: DbOrTx, uuid: string, query: ImpposatoriQuery): Promise<ImpposatoriPage> {
  if (!(await repo.findImport(db, uuid))) throw notFound();
  const reccount = await repo.countImported(db, uuid, query);
  const win = pageWindow(reccount, query);
  const rows = await repo.listImported(db, uuid, query, win);
  return {
    data: rows.map((r) => ({ ...toRow(r), esito: r.esito })),
    page: win.page,
    pages: win.pages,
    reccount,
  };
}
