import { IMPORT_BATCH_MAX, type ImportExtras, type ImportKind } from '@portal/shared/schemas/imports';
import type { Db } from '../../db/database.ts';
import { storeRows } from './import-batches.ts';
import { importMsg, type Stored } from './import-rows.ts';

/** One row's share of a transaction: its outcome, the record it stored and the coupons it got. */
export type StoredRow = Pick<Stored['outcomes'][number], 'esito' | 'motivo'> & { uuid?: string; coupon: number };

type Waiting = { record: Record<string, string>; done: (r: StoredRow) => void; failed: (err: unknown) => void };
type Lane = { kind: ImportKind; extras: ImportExtras; waiting: Waiting[] };

const rowOf = (stored: Stored, i: number): StoredRow => {
  const outcome = stored.outcomes[i] ?? { esito: 'errore' as const, motivo: importMsg.rigaNonValida };
  const uuid = stored.uuids[i];
  return { esito: outcome.esito, motivo: outcome.motivo, ...(uuid ? { uuid } : {}), coupon: stored.coupons[i] ?? 0 };
};

/**
 * The per-row calls of an import (POST /api/imports/{posatori|azienda} with impid), one queue per server: calls of
 * one import that arrive while this server stores that import's previous rows wait, then share the next
 * transaction (up to IMPORT_BATCH_MAX rows), each answered with its own row; a call alone commits alone. A client
 * sending rows a few at a time otherwise pays a transaction and a dozen round trips per row
 * (docs/decisions/0018-imports.md). Across servers nothing is shared: every transaction takes the import's row lock
 * first (storeRows), so two servers serving one import store one after the other, and a person sent twice is
 * stored once. A failed transaction fails the calls it held, as it would have failed each alone.
 */
export class PerRowQueue {
  readonly #db: Db;
  readonly #lanes = new Map<string, Lane>();

  constructor(db: Db) {
    this.#db = db;
  }

  store(
    kind: ImportKind,
    importUuid: string,
    extras: ImportExtras,
    record: Record<string, string>,
  ): Promise<StoredRow> {
    return new Promise((done, failed) => {
      const lane = this.#lanes.get(importUuid);
      if (lane) {
        lane.waiting.push({ record, done, failed });
        return;
      }
      const started: Lane = { kind, extras, waiting: [{ record, done, failed }] };
      this.#lanes.set(importUuid, started);
      void this.#drain(importUuid, started);
    });
  }

  async #drain(importUuid: string, lane: Lane): Promise<void> {
    while (lane.waiting.length > 0) {
      const batch = lane.waiting.splice(0, IMPORT_BATCH_MAX);
      try {
        const rows = batch.map((w, i) => ({ riga: i + 1, record: w.record }));
        const stored = await storeRows(this.#db, lane.kind, rows, lane.extras, importUuid);
        batch.forEach((w, i) => w.done(rowOf(stored, i)));
      } catch (err) {
        for (const w of batch) w.failed(err);
      }
    }
    this.#lanes.delete(importUuid);
  }
}

/** One row without an import: its own transaction. */
export async function storeOneRow(
  db: Db,
  kind: ImportKind,
  extras: ImportExtras,
  record: Record<string, string>,
): Promise<StoredRow> {
  return rowOf(await storeRows(db, kind, [{ riga: 1, record }], extras, undefined), 0);
}
