import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/open.ts';
import { NotEmptyError, seedStress, STRESS_SEED, stressSize } from '../db/seed/stress.ts';
import { STRESS_DATA_DIR } from './seed-stress-dir.ts';

/**
 * npm run seed:stress [-- --seed N --scale F (0 < F <= 2)]: fills an EMPTY database with the stress network (db/seed/stress.ts).
 * SQLite in DATA_DIR (default ./data/stress, beside the demo database, never in it), or PostgreSQL in DATABASE_URL.
 */

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: String(STRESS_SEED) },
    scale: { type: 'string', default: '1' },
  },
});
const seed = Number(values.seed);
const scale = Number(values.scale);
// Scale 2 is the issue's 100,000 installers (and 2,000,000 coupons), for the exports' bench.
if (!Number.isInteger(seed) || !(scale > 0 && scale <= 2)) {
  console.error('Uso: npm run seed:stress -- [--seed <intero>] [--scale <0..2>]');
  process.exit(2);
}

const config = loadConfig({ ...process.env, DATA_DIR: process.env.DATA_DIR ?? STRESS_DATA_DIR });
const { db, kind } = await openDatabase(config);
const where = kind === 'sqlite' ? path.join(config.dataDir, 'portal.db') : 'PostgreSQL (DATABASE_URL)';
try {
  console.log(`Rete di stress (seme ${seed}, scala ${scale}) in ${where}`);
  const started = performance.now();
  await seedStress(db, { seed, size: stressSize(scale), log: (line) => console.log(`  ${line}`) });
  // Fresh statistics and visibility map, as autovacuum would leave them on a live database.
  if (kind === 'postgres') await sql`vacuum analyze`.execute(db);
  console.log(`Fatto in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
} catch (err) {
  if (!(err instanceof NotEmptyError)) throw err;
  console.error(`${err.message}\n(${where})`);
  process.exitCode = 2;
} finally {
  await db.destroy();
}
