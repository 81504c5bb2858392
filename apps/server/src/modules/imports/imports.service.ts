import type {
  ImportBatchBody,
  ImportBatchReply,
  ImportExtras,
  ImportKind,
  ImportOutcome,
  ImportRecord,
  ImportStartBody,
  ImpposatoriPage,
  ImpposatoriQuery,
} from '@portal/shared/schemas/imports';
import type { Paged, PagingQuery } from '@portal/shared/schemas/paging';
import type { Db, DbOrTx } from '../../db/database.ts';
import { nowIso } from '../../lib/clock.ts';
import { pageWindow } from '../../lib/paging.ts';
import { newId } from '../../lib/tokens.ts';
import { fieldsRefused, notFound } from '../../plugins/error-envelope.ts';
import { findType } from '../coupon-types/coupon-types.repository.ts';
import { toRow } from '../posatori/posatori.service.ts';
import type { Viewer } from '../reach/viewer.ts';
import { storeRows } from './import-batches.ts';
import { importMsg } from './import-rows.ts';
import { storeOneRow, type PerRowQueue, type StoredRow } from './per-row-queue.ts';
import { fieldsOf, recordAudit } from '../audit/audit.service.ts';
import * as repo from './imports.repository.ts';
import { comboHas } from '../combos/combos.repository.ts';

/** The extras must name what exists: an active coupon type and a qualification. */
async function checkedExtras(db: DbOrTx, extras: ImportExtras): Promise<ImportExtras> {
  const fields: Record<string, string> = {};
  if (extras.impcoupon) {
    const type = await findType(db, extras.impcoupon);
    if (!type || type.disattiva === 1) fields['impcoupon'] = importMsg.tipoCouponNonValido;
  }
  if (extras.impcorso && !(await comboHas(db, 'qualifiche', extras.impcorso))) {
    fields['impcorso'] = importMsg.tipoCorsoNonValido;
  }
  if (Object.keys(fields).length > 0) throw fieldsRefused(fields);
  return extras;
}

const extrasOf = (r: ImportExtras): ImportExtras => ({
  impcoupon: r.impcoupon,
  impcorso: r.impcorso,
  impdtcorso: r.impdtcorso,
});

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
  // The extras mean something for posatori only: a company file stores none of them.
  const extras =
    body.tipo === 'posatori' ? await checkedExtras(db, body) : { impcoupon: '', impcorso: '', impdtcorso: '' };
  const uuid = newId();
  const now = nowIso();
  const counts = { elaborate: 0, nuovi: 0, aggiornati: 0, invariati: 0, errori: 0, coupon: 0 };
  await db.transaction().execute(async (tx) => {
    await repo.insertImport(tx, {
      ...{ uuid, tipo: body.tipo, file: body.file, user_uuid: viewer.userUuid, started_at: now, updated_at: now },
      righe: body.righe,
      ...counts,
      ...extras,
    });
    const changes = fieldsOf({ tipo: body.tipo, file: body.file, righe: body.righe, ...extras });
    await recordAudit(tx, { actor: viewer.userUuid, action: 'import', entity: 'import', entityId: uuid, changes });
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
  const rows = await repo.listImports(db, win, reccount);
  return { data: rows.map(toRecord), page: win.page, pages: win.pages, reccount };
}

/** POST /api/imports/{id}/righe: one batch of the wizard, all or nothing, counted in the import's record. */
export async function importBatch(db: Db, uuid: string, body: ImportBatchBody): Promise<ImportBatchReply> {
  const found = await repo.importRow(db, uuid);
  if (!found) throw notFound();
  const stored = await storeRows(db, found.tipo, body.righe, extrasOf(found), uuid);
  return { res: 'OK', esiti: stored.outcomes, import: await getImport(db, uuid) };
}

/**
 * POST /api/imports/{posatori|azienda}: one row, counted in an import when impid names one (the import's extras then
 * apply, and the row goes through the server's PerRowQueue). A refused row is a 400 with its reasons per field.
 */
export async function importRow(
  db: Db,
  perRow: PerRowQueue,
  kind: ImportKind,
  body: Record<string, string> & ImportExtras & { impid: string },
): Promise<{ uuid: string; esito: ImportOutcome; coupon: number }> {
  const { impcoupon: _c, impcorso: _k, impdtcorso: _d, impid, ...record } = body;
  let stored: StoredRow;
  if (impid) {
    const found = await repo.importRow(db, impid);
    if (!found || found.tipo !== kind) throw notFound();
    stored = await perRow.store(kind, impid, extrasOf(found), record);
  } else {
    const extras = kind === 'posatori' ? await checkedExtras(db, extrasOf(body)) : extrasOf(body);
    stored = await storeOneRow(db, kind, extras, record);
  }
  if (stored.esito === 'errore' || !stored.uuid) {
    throw fieldsRefused({ riga: stored.motivo || importMsg.rigaNonValida }, 'first-message');
  }
  return { uuid: stored.uuid, esito: stored.esito, coupon: stored.coupon };
}

/** GET /api/impposatori/{id}: the posatori one import stored or updated. */
export async function importedPosatori(db: DbOrTx, uuid: string, query: ImpposatoriQuery): Promise<ImpposatoriPage> {
  if (!(await repo.findImport(db, uuid))) throw notFound();
  const reccount = await repo.countImported(db, uuid, query);
  const win = pageWindow(reccount, query);
  const rows = await repo.listImported(db, uuid, query, win, reccount);
  return {
    data: rows.map((r) => ({ ...toRow(r), esito: r.esito })),
    page: win.page,
    pages: win.pages,
    reccount,
  };
}
