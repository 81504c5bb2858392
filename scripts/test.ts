/**
 * npm test: every check a change must pass, in order of cost, stopping at the first failure.
 * Server tests run on SQLite, or on PostgreSQL when TEST_DATABASE_URL is set.
 *
 * TEST_DATABASE_ONLY=1 runs only what depends on the database, for a second run after a whole one on the other
 * database (.ci/run): the type check, lint and formatting read no data, and the checks of the page itself (each
 * screen's screenshot and axe run, and the journeys tagged @page-only: axe over every route, focus rings, keyboard)
 * see the same page on either database (E2E_PAGE_CHECKS=0, e2e/support.ts), and so do the phone project's journeys,
 * the desktop's flows on a phone's screen. Every desktop journey's steps still run, and every screen of every role
 * is still loaded on both, by the journeys that fit each screen to a phone.
 */
import { spawnSync } from 'node:child_process';

const postgres = Boolean(process.env.TEST_DATABASE_URL);
const databaseOnly = process.env.TEST_DATABASE_ONLY === '1';

type Step = { script: string; label: string; skip?: boolean };
const steps: Step[] = [
  { script: 'typecheck', label: 'Controllo dei tipi', skip: databaseOnly },
  { script: 'lint', label: 'Lint', skip: databaseOnly },
  { script: 'format:check', label: 'Formattazione', skip: databaseOnly },
  { script: 'test:unit', label: 'Test unitari e di integrazione' },
  // The file tests again with the files in an S3 bucket (s3rver), so nothing assumes a disk.
  { script: 'test:s3', label: 'Test dei file su S3' },
  // The bench on 1% of the stress data, a few requests per line: it must run and answer 2xx, never judged on speed.
  { script: 'bench:smoke', label: 'Bench in modalità smoke' },
  // On PostgreSQL, API test files again over HTTP through nginx to three instances (TEST_INSTANCES=3).
  { script: 'test:instances', label: 'Test delle API attraverso nginx e tre istanze', skip: !postgres },
  { script: 'test:e2e', label: 'Test end-to-end (Playwright)' },
];

const db = postgres ? 'PostgreSQL (TEST_DATABASE_URL)' : 'SQLite';
// The journeys: on SQLite against one process, as in development; on PostgreSQL as production runs, through nginx
// to three instances with their files in one S3 bucket and their mail through one SMTP relay (E2E_INSTANCES=3,
// scripts/e2e-instances.ts). E2E_INSTANCES=1 keeps the PostgreSQL journeys on one process.
const env: NodeJS.ProcessEnv = { ...process.env };
if (postgres) env.E2E_INSTANCES ??= '3';
if (databaseOnly) env.E2E_PAGE_CHECKS = '0';
console.log(
  `\n▶ npm test su ${db}${databaseOnly ? ', solo ciò che dipende dal database (TEST_DATABASE_ONLY=1)' : ''}\n`,
);
for (const { script, label } of steps.filter((s) => !s.skip)) {
  console.log(`\n━━ ${label} (npm run ${script}) ━━`);
  const started = Date.now();
  const run = spawnSync('npm', ['run', '--silent', script], { stdio: 'inherit', env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (run.status !== 0) {
    console.error(`\n✖ ${label} non superato (${seconds} s)`);
    process.exit(run.status ?? 1);
  }
  console.log(`✔ ${label} (${seconds} s)`);
}
console.log(`\n✔ Tutti i controlli superati su ${db}`);
