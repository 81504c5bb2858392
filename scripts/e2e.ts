/**
 * Runs the Playwright journeys against a freshly built app with a fresh demo database, in Debian's chromium
 * (never a downloaded browser). Installs chromium through apt-get when it is missing and we may; otherwise stops
 * with a message naming what to install: the browser tests are never skipped silently.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { chromiumPath as chromium } from './chromium.ts';

function ensureChromium(): void {
  if (fs.existsSync(chromium)) return;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt && !process.env.CHROMIUM_PATH) {
    console.log('Chromium manca: lo installo dai pacchetti Debian (apt-get install chromium)…');
    const ok =
      spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' }).status === 0 &&
      spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      }).status === 0;
    if (ok && fs.existsSync(chromium)) return;
  }
  console.error(
    `\n✖ I test end-to-end richiedono Chromium in ${chromium}.\n` +
      '  Su Debian/Ubuntu: sudo apt-get install chromium\n' +
      '  Altrove: installa Chromium e indica il percorso con CHROMIUM_PATH=/percorso/chromium\n',
  );
  process.exit(1);
}

async function freshPostgresSchema(url: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`drop schema if exists ${name} cascade`);
  await client.query(`create schema ${name}`);
  await client.end();
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${name}`);
  return u.toString();
}

ensureChromium();
const build = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const dataDir = path.resolve('e2e/.data');
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });
const env: NodeJS.ProcessEnv = { ...process.env, E2E_DATA_DIR: dataDir, CHROMIUM_PATH: chromium };
if (process.env.TEST_DATABASE_URL) {
  // E2E_PG_SCHEMA lets two checkouts on one machine run their journeys on one PostgreSQL side by side.
  const schema = process.env.E2E_PG_SCHEMA ?? 'e2e';
  env.E2E_DATABASE_URL = await freshPostgresSchema(process.env.TEST_DATABASE_URL, schema);
  console.log(`Server end-to-end su PostgreSQL (schema ${schema})`);
}
const run = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit', env });
process.exit(run.status ?? 1);
