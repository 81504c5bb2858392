/**
 * npm test: every check a change must pass, in order of cost, stopping at the first failure.
 * Server tests run on SQLite, or on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { spawnSync } from 'node:child_process';

const steps: [string, string][] = [
  ['typecheck', 'Controllo dei tipi'],
  ['lint', 'Lint'],
  ['format:check', 'Formattazione'],
  ['test:unit', 'Test unitari e di integrazione'],
  // The file tests again with the files in an S3 bucket (s3rver), so nothing assumes a disk.
  ['test:s3', 'Test dei file su S3'],
  // The bench on 1% of the stress data, one second per request: it must run and answer 2xx, never judged on speed.
  ['bench:smoke', 'Bench in modalità smoke'],
  // On PostgreSQL, API test files again over HTTP through nginx to three instances (TEST_INSTANCES=3).
  ...(process.env.TEST_DATABASE_URL
    ? ([['test:instances', 'Test delle API attraverso nginx e tre istanze']] as [string, string][])
    : []),
  ['test:e2e', 'Test end-to-end (Playwright)'],
];

const db = process.env.TEST_DATABASE_URL ? 'PostgreSQL (TEST_DATABASE_URL)' : 'SQLite';
// The journeys: on SQLite against one process, as in development; on PostgreSQL as production runs, through nginx
// to three instances with their files in one S3 bucket and their mail through one SMTP relay (E2E_INSTANCES=3,
// scripts/e2e-instances.ts). E2E_INSTANCES=1 keeps the PostgreSQL journeys on one process.
const env: NodeJS.ProcessEnv = { ...process.env };
if (process.env.TEST_DATABASE_URL) env.E2E_INSTANCES ??= '3';
console.log(`\n▶ npm test su ${db}\n`);
for (const [script, label] of steps) {
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
