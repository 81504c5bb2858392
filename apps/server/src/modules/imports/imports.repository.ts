import type { ImpposatoriQuery } from '@portal/shared/schemas/imports';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import { fold, textFilter } from '../../lib/text-search.ts';
import { countQueries, pageRows, type ListQuery, type PageWindow } from '../../lib/paging.ts';
import { sumCounts } from '../../lib/list-counts.ts';
import type { PartnersTable } from '../partners/partners.table.ts';
import { codeField, listColumns, nameField } from '../posatori/posatori.repository.ts';
import type { PosatoriTable } from '../posatori/posatori.table.ts';
import type { ImportPosatoriTable, ImportsTable } from './imports.table.ts';
import { rowsByKeys } from '../../lib/rows-by-keys.ts';

export async function insertImport(db: DbOrTx, row: ImportsTable): Promise<void> {
  await db.insertInto('imports').values(row).execute();
}

/** An import with the names behind its uuids: who ran it, the coupon type and the qualification of the course. */
export function findImport(db: DbOrTx, uuid: string) {
  return importsWithNames(db).where('imports.uuid', '=', uuid).executeTakeFirst();
}

/** The import's own row: what a batch needs (its kind and extras), without the names the screens show. */
export function importRow(db: DbOrTx, uuid: string) {
  return db.selectFrom('imports').selectAll().where('uuid', '=', uuid).executeTakeFirst();
}

/** The latest imports first, through imports_started. */
const importsList = (db: DbOrTx): ListQuery<'imports'> => ({
  table: 'imports',
  arms: [db.selectFrom('imports')],
  order: [
    ['started_at', 'desc'],
    ['uuid', 'desc'],
  ],
  matched: false,
});

export async function countImports(db: DbOrTx): Promise<number> {
  return countOf(importsList(db));
}

export function listImports(db: DbOrTx, win: PageWindow, reccount: number) {
  return pageRows(db, importsList(db), win, reccount, (uuids) => importRows(db, uuids));
}

const importRows = rowsByKeys((db, uuids) => importsWithNames(db).where('imports.uuid', 'in', uuids));

function countOf(list: ListQuery<'imports'> | ListQuery<'posatori'>): Promise<number> {
  return sumCounts(countQueries(list));
}

function importsWithNames(db: DbOrTx) {
  return db
    .selectFrom('imports')
    .leftJoin('users', 'users.uuid', 'imports.user_uuid')
    .leftJoin('coupon_types', 'coupon_types.uuid', 'imports.impcoupon')
    .leftJoin('combos', (j) => j.onRef('combos.value', '=', 'imports.impcorso').on('combos.combo', '=', 'qualifiche'))
    .selectAll('imports')
    .select(['users.username as utente', 'coupon_types.tipo as destcoupon', 'combos.label as destcorso']);
}

/**
 * Takes the import's row lock first thing in a batch's transaction: the batches and rows of one import then run one
 * after the other whichever process serves them, so a person sent twice is found by the second, never stored twice.
 * `lazyCommit` (PostgreSQL): the same statement also lets the transaction's commit not wait for the log (SET LOCAL
 * synchronous_commit as set_config), saving a round trip per transaction, which the per-row calls pay each.
 */
export async function lockImport(db: DbOrTx, uuid: string, opts: { lazyCommit: boolean }): Promise<void> {
  const lock = db
    .updateTable('imports')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('uuid', '=', uuid);
  await (
    opts.lazyCommit ? lock.returning(sql`set_config('synchronous_commit', 'off', true)`.as('lazy')) : lock
  ).execute();
}

export type ImportCounts = Pick<ImportsTable, 'elaborate' | 'nuovi' | 'aggiornati' | 'invariati' | 'errori' | 'coupon'>;

/** Adds one batch's counts, in the batch's transaction: the record never counts a row that was not stored. */
export async function addCounts(db: DbOrTx, uuid: string, c: ImportCounts, now: string): Promise<void> {
  await db
    .updateTable('imports')
    .set((eb) => ({
      elaborate: eb('elaborate', '+', c.elaborate),
      nuovi: eb('nuovi', '+', c.nuovi),
      aggiornati: eb('aggiornati', '+', c.aggiornati),
      invariati: eb('invariati', '+', c.invariati),
      errori: eb('errori', '+', c.errori),
      coupon: eb('coupon', '+', c.coupon),
      updated_at: now,
    }))
    .where('uuid', '=', uuid)
    .execute();
}

/** The installers already in the registry with these tax codes (through posatori_codfis). */
export function posatoriWithCodfis(db: DbOrTx, codfis: readonly string[]) {
  return db.selectFrom('posatori').selectAll().where('codfis', 'in', codfis).execute();
}

/** The partners already in the registry with these codes (through partners_code). */
export function partnersByCode(db: DbOrTx, codes: readonly string[]) {
  return db
    .selectFrom('partners')
    .selectAll()
    .where(
      'code_key',
      'in',
      codes.map((c) => fold(c)),
    )
    .execute();
}

/** Of several rows with one key (an old registry may hold duplicates), the oldest: the same one every run. */
export function oldestFirst<T extends { created_at: string; uuid: string }>(rows: T[]): T[] {
  return rows.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.uuid.localeCompare(b.uuid));
}

/** The resellers a sheet may name: by code or by business name, compared folded (rivenditori_code, _ragsoc). */
export function rivenditoriNamed(db: DbOrTx, names: readonly string[]) {
  const keys = names.map((n) => fold(n));
  return db
    .selectFrom('rivenditori')
    .select(['uuid', 'code_key', 'ragsoc_key'])
    .where((eb) => eb.or([eb('code_key', 'in', keys), eb('ragsoc_key', 'in', keys)]))
    .execute();
}

/** Every area manager (a few dozen to a few hundred): a sheet names them by business name or by person. */
export function capoareaAll(db: DbOrTx) {
  return db.selectFrom('capoarea').select(['uuid', 'ragsoc', 'name', 'lastname']).execute();
}

/** Which of these installers already hold coupons of the type (through coupons_figures). */
export async function holdersOfType(db: DbOrTx, tipo: string, posatori: readonly string[]): Promise<Set<string>> {
  if (posatori.length === 0) return new Set();
  const rows = await db
    .selectFrom('coupons')
    .select('posatore')
    .distinct()
    .where('posatore', 'in', posatori)
    .where('tipo', '=', tipo)
    .execute();
  return new Set(rows.map((r) => r.posatore));
}

export async function insertPosatori(db: DbOrTx, rows: PosatoriTable[]): Promise<void> {
  // 41 columns a row: 250 rows are 10,250 parameters, below SQLite's 32,766 and PostgreSQL's 65,535.
  for (let i = 0; i < rows.length; i += 250) {
    await db
      .insertInto('posatori')
      .values(rows.slice(i, i + 250))
      .execute();
  }
}

export async function updatePosatore(db: DbOrTx, uuid: string, values: Partial<PosatoriTable>): Promise<void> {
  await db.updateTable('posatori').set(values).where('uuid', '=', uuid).execute();
}

export async function insertPartners(db: DbOrTx, rows: PartnersTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 50) {
    await db
      .insertInto('partners')
      .values(rows.slice(i, i + 50))
      .execute();
  }
}

export async function updatePartner(db: DbOrTx, uuid: string, values: Partial<PartnersTable>): Promise<void> {
  await db.updateTable('partners').set(values).where('uuid', '=', uuid).execute();
}

/** Links a batch's installers to the import; a person twice in one file keeps the last outcome and the coupons. */
export async function linkPosatori(db: DbOrTx, rows: ImportPosatoriTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('import_posatori')
      .values(rows.slice(i, i + 200))
      .onConflict((oc) =>
        oc.columns(['import_uuid', 'posatore_uuid']).doUpdateSet((eb) => ({
          esito: eb.ref('excluded.esito'),
          coupon: sql<number>`import_posatori.coupon + excluded.coupon`,
        })),
      )
      .execute();
  }
}

/**
 * The posatori of one import, with the qualification, code and name filters, in name order: the import's few rows
 * are found through its links and sorted, the posatori read by primary key.
 */
function importedList(db: DbOrTx, importUuid: string, f: ImpposatoriQuery): ListQuery<'posatori'> {
  let q = db
    .selectFrom('posatori')
    .where(
      'posatori.uuid',
      'in',
      db.selectFrom('import_posatori').select('import_posatori.posatore_uuid').where('import_uuid', '=', importUuid),
    );
  if (f.tipo) q = q.where('posatori.tipo', '=', f.tipo);
  // The posatori list's own text filters (trigram from 3 characters, a prefix range below).
  for (const text of [textFilter(db, codeField, f.code), textFilter(db, nameField, f.name)]) {
    if (text) q = q.where(text);
  }
  const order = [
    ['lastname_key', 'asc'],
    ['name_key', 'asc'],
    ['uuid', 'asc'],
  ] as const;
  return { table: 'posatori', arms: [q], order, matched: true };
}

export async function countImported(db: DbOrTx, importUuid: string, f: ImpposatoriQuery): Promise<number> {
  return countOf(importedList(db, importUuid, f));
}

export function listImported(db: DbOrTx, importUuid: string, f: ImpposatoriQuery, win: PageWindow, reccount: number) {
  return pageRows(db, importedList(db, importUuid, f), win, reccount, (uuids) =>
    importedRows(db, uuids, { importUuid }),
  );
}

const importedRows = rowsByKeys((db, uuids, { importUuid }: { importUuid: string }) =>
  db
    .selectFrom('posatori')
    .innerJoin('import_posatori', 'import_posatori.posatore_uuid', 'posatori.uuid')
    .leftJoin('combos', (j) => j.onRef('combos.value', '=', 'posatori.tipo').on('combos.combo', '=', 'qualifiche'))
    .select([...listColumns, 'import_posatori.esito'])
    .where('import_posatori.import_uuid', '=', importUuid)
    .where('posatori.uuid', 'in', uuids),
);
