import { sql } from 'kysely';
import type { Db } from '../database.ts';
import { isSqlite } from '../../lib/text-search.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { DEMO_PASSWORD, isEmpty } from './demo.ts';
import {
  seedStressCoupons,
  seedStressDocuments,
  seedStressMessages,
  seedStressPartners,
  seedStressUsage,
  STRESS_USAGE_DAYS,
} from './stress-activity.ts';
import { seedStressAudit } from './stress-audit.ts';
import type { StressNetwork } from './stress-generator.ts';
import { seedStressAdmin, seedStressCapoarea, seedStressPosatori, seedStressRivenditori } from './stress-network.ts';

/**
 * The stress network: a manufacturer's network at its real size, for `npm run bench` and for trying the
 * screens at scale. Deterministic: the same seed gives the same rows, uuids and dates included, on every machine and
 * on both databases (dates count from STRESS_TODAY, not from the clock; only the password hashes carry a random
 * salt). One function per table, each with its own random sequence, so a table added later (messages, documents) is
 * one more function and one more line in seedStress, and leaves the rows before it as they were.
 *
 * Logins, all with the demo password: admin, capoarea (Milano, Bergamo, Brescia: the largest area), rivenditore
 * (Milano and Monza), and every other area manager, reseller and installer with an account.
 */

export type StressSize = {
  posatori: number;
  capoarea: number;
  rivenditori: number;
  partners: number;
  coupons: number;
  messages: number;
  documents: number;
  audit: number;
};

/** The full size: what a manufacturer's network reaches with a few years of history. */
export const STRESS_FULL: StressSize = {
  posatori: 50_000,
  capoarea: 400,
  rivenditori: 2_000,
  partners: 5_000,
  coupons: 1_000_000,
  messages: 200_000,
  documents: 100_000,
  audit: 2_000_000,
};

/** The same network scaled down (the bench's smoke mode uses 1%), never below what the bench logins need. */
export function stressSize(scale: number): StressSize {
  const at = (n: number, min: number) => Math.max(min, Math.round(n * scale));
  return {
    posatori: at(STRESS_FULL.posatori, 50),
    capoarea: at(STRESS_FULL.capoarea, 2),
    rivenditori: at(STRESS_FULL.rivenditori, 2),
    partners: at(STRESS_FULL.partners, 10),
    coupons: at(STRESS_FULL.coupons, 100),
    messages: at(STRESS_FULL.messages, 100),
    documents: at(STRESS_FULL.documents, 50),
    audit: at(STRESS_FULL.audit, 200),
  };
}

export const STRESS_SEED = 20261123;

export class NotEmptyError extends Error {}

/**
 * Fills an empty database with the stress network; refuses one that holds any account. log receives one line per
 * table with its time.
 */
export async function seedStress(
  db: Db,
  opts: { size?: StressSize; seed?: number; log?: (line: string) => void } = {},
): Promise<void> {
  if (!(await isEmpty(db))) {
    throw new NotEmptyError(
      'Il database non è vuoto: seed:stress riempie solo un database vuoto (usa una DATA_DIR nuova, o un database ' +
        'PostgreSQL nuovo in DATABASE_URL).',
    );
  }
  const size = opts.size ?? STRESS_FULL;
  const seed = opts.seed ?? STRESS_SEED;
  const log = opts.log ?? (() => undefined);
  const net: StressNetwork = {
    passwordHash: await hashPassword(DEMO_PASSWORD),
    capoarea: [],
    rivenditori: [],
    posatori: [],
    couponTypes: [],
  };
  const steps: [string, number, () => Promise<void>][] = [
    ['amministratore', 1, () => seedStressAdmin(db, net, seed)],
    ['capoarea', size.capoarea, () => seedStressCapoarea(db, net, size.capoarea, seed + 1)],
    ['rivenditori', size.rivenditori, () => seedStressRivenditori(db, net, size.rivenditori, seed + 2)],
    ['posatori', size.posatori, () => seedStressPosatori(db, net, size.posatori, seed + 3)],
    ['coupon', size.coupons, () => seedStressCoupons(db, net, size.coupons, seed + 4)],
    ['aziende partner', size.partners, () => seedStressPartners(db, net, size.partners, seed + 5)],
    ['comunicazioni', size.messages, () => seedStressMessages(db, size.messages, seed + 6)],
    ['documenti', size.documents, () => seedStressDocuments(db, size.documents, seed + 7)],
    ['giorni di utilizzo', STRESS_USAGE_DAYS, () => seedStressUsage(db, seed + 8)],
    ['registro attività', size.audit, () => seedStressAudit(db, net, size.audit, seed + 9)],
  ];
  for (const [label, n, step] of steps) {
    const started = performance.now();
    await step();
    log(`${label}: ${n.toLocaleString('it-IT')} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  if (!isSqlite(db)) {
    // Tables just written have no visibility map and no statistics until autovacuum gets round to them: a deep page's
    // index-only scan visits the heap for every entry (the bench measured 11 req/s at page 1,000 right after the
    // seed, 418 after this), and the benchmark would measure the autovacuum racing it.
    // Only this schema's tables: the test suite's database holds other schemas too.
    const started = performance.now();
    const tables = await sql<{ name: string }>`
      select tablename as name from pg_tables where schemaname = current_schema()`.execute(db);
    await sql`vacuum analyze ${sql.join(tables.rows.map((t) => sql.table(t.name)))}`.execute(db);
    log(`vacuum analyze: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
}
