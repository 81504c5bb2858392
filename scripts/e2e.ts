/**
 * Runs the Playwright journeys against a freshly built app with a fresh demo database, in Debian's chromium
 * (never a downloaded browser). Installs chromium through apt-get when it is missing and we may; otherwise stops
 * with a message naming what to install: the browser tests are never skipped silently. With E2E_INSTANCES=3 (on
 * PostgreSQL) the journeys pass through nginx to three instances with their files in S3, and nginx is installed the
 * same way.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { chromiumPath as chromium } from './chromium.ts';
import { NGINX as nginx } from './three-instances.ts';

/**
 * A Debian package the journeys need: installed through apt-get when missing and we may (root, apt, no override);
 * otherwise a message naming what to install, and the run stops.
 */
function ensureDebianPackage(file: string, pkg: string, override: string): void {
  if (fs.existsSync(file)) return;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt && !process.env[override]) {
    console.log(`${pkg} manca: lo installo dai pacchetti Debian (apt-get install ${pkg})…`);
    const ok =
      spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' }).status === 0 &&
      spawnSync('apt-get', ['install', '-y', '-qq', pkg], {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      }).status === 0;
    if (ok && fs.existsSync(file)) return;
  }
  console.error(
    `\n✖ I test end-to-end richiedono ${pkg} in ${file}.\n` +
      `  Su Debian/Ubuntu: sudo apt-get install ${pkg}\n` +
      `  Altrove: installa ${pkg} e indica il percorso con ${override}=/percorso/${path.basename(file)}\n`,
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

// E2E_INSTANCES=3: nginx, three instances with a DATA_DIR each, one S3 bucket and one SMTP relay (scripts/e2e-instances.ts).
// On PostgreSQL only: instances on separate machines cannot share a SQLite file (decision 0026).
const instances = process.env.E2E_INSTANCES ?? '1';
if (instances !== '1' && instances !== '3') {
  console.error(`\n✖ E2E_INSTANCES vale 1 (un processo) oppure 3 (nginx davanti a tre istanze), non "${instances}".\n`);
  process.exit(1);
}
if (instances === '3' && !process.env.TEST_DATABASE_URL) {
  console.error(
    '\n✖ E2E_INSTANCES=3 richiede PostgreSQL (TEST_DATABASE_URL=postgres://...): istanze su macchine diverse non\n' +
      '  possono condividere un database SQLite, che vive in un file della cartella dati di una macchina.\n',
  );
  process.exit(1);
}
ensureDebianPackage(chromium, 'chromium', 'CHROMIUM_PATH');
if (instances === '3') ensureDebianPackage(nginx, 'nginx', 'NGINX_BIN');
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
  console.log(
    `Server end-to-end su PostgreSQL (schema ${schema})${instances === '3' ? ': nginx davanti a tre istanze, file su S3' : ''}`,
  );
}
const run = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit', env });
process.exit(run.status ?? 1);
