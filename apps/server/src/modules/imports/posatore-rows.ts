import { msg } from '@portal/shared/messages-it';
import {
  installerColumns,
  installerImportRecord,
  type ImportExtras,
  type InstallerImportRecord,
} from '@portal/shared/schemas/imports';
import { normalizeLogin } from '@portal/shared/validation/common';
import { installerImportRules } from '@portal/shared/validation/profile-rules';
import type { DbOrTx } from '../../db/database.ts';
import { nowIso } from '../../lib/clock.ts';
import { fold } from '../../lib/text-search.ts';
import { newId } from '../../lib/tokens.ts';
import * as accounts from '../auth/accounts.service.ts';
import { loginOwners } from '../auth/users.repository.ts';

import { activeType, giveCoupons, type CouponType } from '../coupons/coupons.service.ts';
import { posatoreKeys } from '../posatori/posatori.repository.ts';
import { saveBodyOf, statoAfterSave } from '../posatori/posatori.service.ts';
import { noCouponTotals, type PosatoriTable } from '../posatori/posatori.table.ts';
import * as repo from './imports.repository.ts';
import type { ImportPosatoriTable } from './imports.table.ts';
import {
  checkedRecord,
  importDate,
  importMsg,
  phoneFilter,
  reasonOf,
  RowOutcomes,
  type Checked,
  type Row,
  type Stored,
} from './import-rows.ts';

/** The fields a sheet sets on a posatore. */
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
] as const satisfies readonly (keyof PosatoriTable)[];
type SheetValues = Pick<PosatoriTable, (typeof sheetFields)[number]>;

const pickSheetFields = (row: PosatoriTable): SheetValues =>
  Object.fromEntries(sheetFields.map((f) => [f, row[f]])) as SheetValues;

type Reference = { uuid: string } | { problem: string };
type References = { rivenditore: (name: string) => Reference; capoarea: (name: string) => Reference };

const matchOf = (
  matches: readonly { uuid: string }[],
  name: string,
  missing: (n: string) => string,
  ambiguous: (n: string) => string,
): Reference =>
  matches.length === 1 && matches[0]
    ? { uuid: matches[0].uuid }
    : { problem: (matches.length === 0 ? missing : ambiguous)(name) };

/** The rivenditori and capoarea the rows name, matched to existing ones (one is needed, not two). */
async function referencesOf(tx: DbOrTx, records: readonly InstallerImportRecord[]): Promise<References> {
  const rivenditoreNames = [...new Set(records.map((r) => r.rivenditore).filter(Boolean))];
  const rivenditori = rivenditoreNames.length > 0 ? await repo.rivenditoriNamed(tx, rivenditoreNames) : [];
  const capoarea = records.some((r) => r.capoarea) ? await repo.capoareaAll(tx) : [];
  return {
    rivenditore: (name) => {
      const key = fold(name);
      const byCode = rivenditori.filter((r) => r.code_key === key);
      const matches = byCode.length > 0 ? byCode : rivenditori.filter((r) => r.ragsoc_key === key);
      return matchOf(matches, name, importMsg.rivenditoreNonTrovato, importMsg.rivenditoreAmbiguo);
    },
    capoarea: (name) => {
      const key = fold(name);
      const matches = capoarea.filter(
        (a) =>
          fold(a.ragsoc) === key || fold(`${a.name} ${a.lastname}`) === key || fold(`${a.lastname} ${a.name}`) === key,
      );
      return matchOf(matches, name, importMsg.capoareaNonTrovato, importMsg.capoareaAmbiguo);
    },
  };
}

/** A row read as a form would read it: filtered cells, the kind's rules, the date and the names it refers to. */
function checkedPosatore(raw: Record<string, string>, refs: References): Checked<SheetValues> {
  const checked = checkedRecord(installerImportRecord, installerImportRules, raw, (r) => ({
    ...r,
    codfis: r.codfis.replace(/\s/g, '').toUpperCase(),
    state: r.state.toUpperCase(),
    email: normalizeLogin(r.email),
    cell: phoneFilter(r.cell),
    phone: phoneFilter(r.phone),
    piva: r.piva.replace(/\s/g, ''),
  }));
  if ('problem' in checked) return checked;
  const { record, problems } = checked;
  const dtnasc = record.dtnasc === '' ? '' : importDate(record.dtnasc);
  if (dtnasc === undefined) problems['dtnasc'] ??= importMsg.dataNonValida;
  const rivenditore = record.rivenditore ? refs.rivenditore(record.rivenditore) : undefined;
  if (rivenditore && 'problem' in rivenditore) problems['rivenditore'] ??= rivenditore.problem;
  const capoarea = record.capoarea ? refs.capoarea(record.capoarea) : undefined;
  if (capoarea && 'problem' in capoarea) problems['capoarea'] ??= capoarea.problem;
  if (Object.keys(problems).length > 0) return { problem: reasonOf(problems, installerColumns) };
  const { codfis, lastname, name, email, cell, address, city, state, cap, phone, website, piva } = record;
  return {
    values: {
      ...{ codfis, lastname, name, email, cell, dtnasc: dtnasc ?? '', azienda: record.ragsocaz, address, city },
      ...{ state, cap, phone, website, piva, tipo: '', dtstart: '' },
      rivenditore: rivenditore && 'uuid' in rivenditore ? rivenditore.uuid : null,
      capoarea: capoarea && 'uuid' in capoarea ? capoarea.uuid : null,
    },
  };
}

/**
 * What a row changes on a stored posatore: every filled cell replaces the stored value, an empty one keeps it (a
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

function newPosatore(values: SheetValues, extras: ImportExtras, now: string): PosatoriTable {
  const row: PosatoriTable = {
    ...{ uuid: newId(), user_uuid: null, ragsoc: '', code: '', certificato: 0, diisocianati: 0, web: 0 },
    ...{ contoterzi: 0, img: '', err1: '', userstato: 'none', ...noCouponTotals, created_at: now, updated_at: now },
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
 * A row may give a stored posatore's account a new address only if no other account logs in by it, in the
 * database or earlier in the batch: the answer for each (account, address), the addresses' owners read at once.
 */
async function loginAddresses(
  tx: DbOrTx,
  checked: readonly Checked<SheetValues>[],
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

/** The posatori the rows name by codice fiscale, the oldest of any duplicates. */
async function posatoriByCodfis(tx: DbOrTx, checked: readonly Checked<SheetValues>[]) {
  const codfis = [...new Set(checked.flatMap((c) => ('values' in c ? [c.values.codfis] : [])))];
  const byCodfis = new Map<string, PosatoriTable>();
  for (const p of codfis.length > 0 ? repo.oldestFirst(await repo.posatoriWithCodfis(tx, codfis)) : []) {
    if (!byCodfis.has(p.codfis)) byCodfis.set(p.codfis, p);
  }
  return byCodfis;
}

type Update = { row: PosatoriTable; emailFrom: string };
type Plan = { result: RowOutcomes; inserts: Map<string, PosatoriTable>; updates: Map<string, Update> };

/** Each row against the registry as it stands after the rows before it: new, updated, unchanged or refused. */
async function planPosatori(tx: DbOrTx, rows: readonly Row[], extras: ImportExtras, now: string): Promise<Plan> {
  const records = rows.flatMap((r) => {
    const parsed = installerImportRecord.safeParse(r.record);
    return parsed.success ? [parsed.data] : [];
  });
  const refs = await referencesOf(tx, records);
  const checked = rows.map((r) => checkedPosatore(r.record, refs));
  const byCodfis = await posatoriByCodfis(tx, checked);
  const addressTaken = await loginAddresses(tx, checked, byCodfis);
  const plan: Plan = { result: new RowOutcomes(), inserts: new Map(), updates: new Map() };
  const { result, inserts, updates } = plan;
  checked.forEach((c, i) => {
    const riga = rows[i]?.riga ?? 0;
    if ('problem' in c) return result.refused(riga, c.problem);
    const stored = byCodfis.get(c.values.codfis);
    if (!stored) {
      const row = newPosatore(c.values, extras, now);
      inserts.set(row.uuid, row);
      byCodfis.set(row.codfis, row);
      return result.stored(riga, 'nuovo', row.uuid);
    }
    const changes = changesFor(stored, c.values, extras);
    if (changes.email !== undefined && addressTaken(stored.user_uuid, changes.email)) {
      return result.refused(riga, reasonOf({ email: msg.utenteEsistente }, installerColumns));
    }
    const changed = Object.keys(changes).length > 0;
    if (changed) {
      const emailFrom = updates.get(stored.uuid)?.emailFrom ?? stored.email;
      Object.assign(stored, changes);
      if (inserts.has(stored.uuid)) inserts.set(stored.uuid, stored);
      else updates.set(stored.uuid, { row: stored, emailFrom });
    }
    result.stored(riga, inserts.has(stored.uuid) ? 'nuovo' : changed ? 'aggiornato' : 'invariato', stored.uuid);
  });
  return plan;
}

/** The plan written: new rows with their coupon count already, updated rows with their account's address. */
async function writePlan(tx: DbOrTx, plan: Plan, type: CouponType | undefined, now: string): Promise<void> {
  await repo.insertPosatori(
    tx,
    [...plan.inserts.values()].map((row) => ({
      ...row,
      ...posatoreKeys(row),
      stato: statoAfterSave('', saveBodyOf(row)),
      // The type's coupons, none redeemed: what refreshCouponCounts would write.
      ...(type ? { coupon: type.ncoupon, coupon_valore: type.ncoupon * type.valore } : {}),
    })),
  );
  for (const { row, emailFrom } of plan.updates.values()) {
    await repo.updatePosatore(tx, row.uuid, {
      ...pickSheetFields(row),
      ...posatoreKeys(row),
      stato: statoAfterSave(row.stato, saveBodyOf(row)),
      updated_at: now,
    });
    // Reset and activation links go to the account's address: it follows the profile's, as a save does.
    if (row.email !== emailFrom) await accounts.syncAccountEmail(tx, row.user_uuid, row.email);
  }
}

/** The import's list of posatori: a person twice in the batch keeps the last outcome. */
async function linkToImport(tx: DbOrTx, importUuid: string, plan: Plan, given: ReadonlyMap<string, number>) {
  const links = new Map<string, ImportPosatoriTable>();
  plan.result.outcomes.forEach((o, i) => {
    const u = plan.result.uuids[i];
    if (u && o.esito !== 'errore') {
      links.set(u, { import_uuid: importUuid, posatore_uuid: u, esito: o.esito, coupon: given.get(u) ?? 0 });
    }
  });
  await repo.linkPosatori(tx, [...links.values()]);
}

/**
 * The posatore rows: a person already in the registry (same codice fiscale, also earlier in the same file) is
 * updated, never duplicated, so the same file twice changes nothing the second time. The coupon type of the wizard
 * is given to whoever does not hold coupons of that type yet, which keeps a second run from giving them twice.
 */
export async function storePosatori(
  tx: DbOrTx,
  rows: readonly Row[],
  extras: ImportExtras,
  importUuid: string | undefined,
): Promise<Stored> {
  const now = nowIso();
  const plan = await planPosatori(tx, rows, extras, now);
  const { uuids, outcomes } = plan.result;
  // The coupons go to whoever holds none of the type yet: every new posatore, and the stored ones the coupons
  // table says so of.
  const type = extras.impcoupon ? await activeType(tx, extras.impcoupon) : undefined;
  const touched = [...new Set(uuids.filter((u): u is string => u !== undefined))];
  const stored = touched.filter((u) => !plan.inserts.has(u));
  const holders = type ? await repo.holdersOfType(tx, type.uuid, stored) : new Set<string>();
  const receivers = type ? touched.filter((u) => !holders.has(u)) : [];
  await writePlan(tx, plan, type, now);
  const coupon = type ? await giveCoupons(tx, type, receivers, new Set(plan.inserts.keys())) : 0;
  const given = new Map(receivers.map((u) => [u, type?.ncoupon ?? 0]));
  if (importUuid) await linkToImport(tx, importUuid, plan, given);
  return { outcomes, coupon, uuids, coupons: uuids.map((u) => (u ? (given.get(u) ?? 0) : 0)) };
}
