import type { ImportExtras, ImportKind, ImportOutcome } from '@portal/shared/schemas/imports';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../lib/clock.ts';
import { isSqlite } from '../../lib/text-search.ts';
import * as accounts from '../auth/accounts.service.ts';
import { retryOnCodeCollision } from '../coupons/coupons.service.ts';
import { storePartners } from './partner-rows.ts';
import * as repo from './imports.repository.ts';
import { storePosatori } from './posatore-rows.ts';
import type { Row, Stored } from './import-rows.ts';

/**
 * One transaction for a batch request's rows (or the per-row calls a PerRowQueue gathered): the rows, the coupons,
 * the links and the import's counts commit together or not at all. Within an import the transactions queue on the
 * import's row lock, whichever server process runs them, so a row sent again (a retried batch, the same file twice,
 * two processes at once) finds what the first one stored.
 */
export function storeRows(
  db: Db,
  kind: ImportKind,
  rows: readonly Row[],
  extras: ImportExtras,
  importUuid: string | undefined,
): Promise<Stored> {
  const transaction = () =>
    db.transaction().execute(async (tx) => {
      // The same file completes an import (docs/decisions/0018-imports.md), so a batch need not wait for the disk:
      // PostgreSQL answers before the log is flushed; a crash may lose the last batches, never half of one (SQLite:
      // WAL with synchronous NORMAL). In an import, the statement that takes its lock says so too.
      const lazyCommit = !isSqlite(tx);
      if (importUuid) await repo.lockImport(tx, importUuid, { lazyCommit });
      else if (lazyCommit) await sql`set local synchronous_commit = off`.execute(tx);
      const stored =
        kind === 'posatori' ? await storePosatori(tx, rows, extras, importUuid) : await storePartners(tx, rows);
      if (importUuid) {
        const count = (esito: ImportOutcome) => stored.outcomes.filter((o) => o.esito === esito).length;
        const counts = {
          elaborate: rows.length,
          nuovi: count('nuovo'),
          aggiornati: count('aggiornato'),
          invariati: count('invariato'),
          errori: count('errore'),
          coupon: stored.coupon,
        };
        await repo.addCounts(tx, importUuid, counts, nowIso());
      }
      return stored;
    });
  return retryOnCodeCollision(() => accounts.retryOnLoginCollision(transaction));
}
