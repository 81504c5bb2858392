/**
 * npm run bench:web: the front end's weight and speed as a phone on a slow network sees them. Builds the web app,
 * starts the portal on a fresh demo database, and runs Lighthouse (the npm package, mobile preset with its simulated
 * slow 4G and 4x CPU slowdown) in Debian's Chromium on the login page and, logged in as the demo admin through the
 * session cookie, on /admin/posatori; then on the public locator's list and the demo installer's public page. Prints
 * the scores, the timings and the bytes transferred, and the login route's initial JavaScript and the admin installer
 * list's, read from the built files. A measurement, never part of npm test.
 *
 * PORT (default 3010) and CHROMIUM_PATH (default /usr/bin/chromium) can be set; BENCH_RUNS (default 3) Lighthouse
 * runs per page, of which the one with the median performance score is shown (the machine is shared and noisy);
 * BENCH_VERBOSE=1 names the LCP element and lists every request with when it started and ended (simulated times);
 * BENCH_ONLY=<text> measures only the pages whose name contains it; BENCH_REPORT_DIR=<dir> keeps each run's whole
 * Lighthouse report there as JSON (for the Lighthouse viewer, or to read its long tasks); BENCH_NO_BUILD=1 measures
 * the build already in apps/web/dist (one changed by hand, to try an idea before writing it).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.ts';
import { adminListRouteFiles, assetSize, kB, loginRouteFiles, sum, webDist } from '../scripts/initial-assets.ts';

type Target = { name: string; path: string; loggedIn: boolean; performance: number; totalBytes?: number };

const targets: Target[] = [
  { name: 'login', path: '/', loggedIn: false, performance: 95 },
  { name: 'admin posatori', path: '/admin/posatori', loggedIn: true, performance: 90, totalBytes: 350_000 },
  // The public locator, written by the server (docs/decisions/0027-public-locator.md).
  { name: 'trova-posatore', path: '/trova-posatore?prov=MI', loggedIn: false, performance: 95, totalBytes: 50_000 },
];
/** The demo installer's public page, whose address holds their id: added once the server is up. */
async function publicInstallerTarget(): Promise<Target> {
  const list = (await (await fetch(`${base}/api/public/posatori?q=rossi`)).json()) as {
    data: { name: string; url: string }[];
  };
  const mario = list.data.find((p) => p.name === 'Mario');
  if (!mario) throw new Error('il posatore demo non è sulla pagina pubblica');
  return {
    name: 'trova-posatore, un posatore',
    path: mario.url,
    loggedIn: false,
    performance: 95,
    totalBytes: 100_000,
  };
}
const initialJsBudget = 150_000;
// The bounds of e2e/budget.spec.ts for the admin installer list, brotli as sent.
const adminListJsBudget = 260_000;
const adminListJsFiles = 20;
const port = Number(process.env.PORT ?? 3010);
const base = `http://127.0.0.1:${port}`;
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const verbose = process.env.BENCH_VERBOSE === '1';
const dataDir = path.resolve(import.meta.dirname, '.data/web');

const ok = (pass: boolean) => (pass ? '✔' : '✖');

function build(): void {
  const result = spawnSync('npm', ['run', '--silent', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function printInitialJs(): void {
  const files = loginRouteFiles();
  const js = files.js.map((file) => assetSize(webDist, file));
  const css = files.css.map((file) => assetSize(webDist, file));
  const gzip = sum(js, 'gzip');
  console.log('\nJavaScript iniziale della pagina di accesso (file della build):');
  for (const s of [...js].sort((a, b) => b.gzip - a.gzip)) {
    console.log(`  ${s.file.padEnd(44)} ${kB(s.raw).padStart(9)}  gzip ${kB(s.gzip).padStart(8)}`);
  }
  console.log(
    `  totale ${js.length} file: ${kB(sum(js, 'raw'))}, gzip ${kB(gzip)}, brotli ${kB(sum(js, 'brotli'))}` +
      `  ${ok(gzip <= initialJsBudget)} limite ${kB(initialJsBudget)} gzip`,
  );
  console.log(`  CSS iniziale: ${kB(sum(css, 'raw'))}, gzip ${kB(sum(css, 'gzip'))}`);
  const list = adminListRouteFiles().js.map((file) => assetSize(webDist, file));
  const listBrotli = sum(list, 'brotli');
  console.log(
    `\nJavaScript di /admin/posatori prima della prima pagina: ${list.length} file, brotli ${kB(listBrotli)}` +
      `  ${ok(listBrotli <= adminListJsBudget && list.length <= adminListJsFiles)} limite ${kB(adminListJsBudget)}` +
      ` in ${adminListJsFiles} file`,
  );
  const heaviest = [...list].sort((a, b) => b.brotli - a.brotli).slice(0, 5);
  console.log(`  i più pesanti: ${heaviest.map((s) => `${s.file} ${kB(s.brotli)}`).join(', ')}`);
}

async function startServer(): Promise<() => void> {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  // The demo data on SQLite: the front end's weight does not depend on the database.
  const { DATABASE_URL: _unused, ...env } = process.env;
  const server = spawn(process.execPath, ['apps/server/src/main.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      PORTAL_DEMO: '1',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
    },
  });
  const stop = () => void server.kill('SIGTERM');
  for (let i = 0; i < 120; i++) {
    if (server.exitCode !== null) throw new Error(`il server è terminato (codice ${server.exitCode})`);
    const up = await fetch(`${base}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return stop;
    await new Promise((r) => setTimeout(r, 500));
  }
  stop();
  throw new Error(`il server non risponde su ${base}/health`);
}

/** The demo admin's session cookie, as the browser would hold it after the login form. */
async function adminCookie(): Promise<string> {
  const res = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: 'admin', pwd: 'portale-demo' }),
  });
  const body = (await res.json()) as { res: string };
  const cookie = res.headers.getSetCookie()[0]?.split(';')[0];
  if (body.res !== 'OK' || !cookie) throw new Error('login dell’amministratore demo non riuscito');
  return cookie;
}

type Audit = { numericValue?: number; score: number | null; title: string; details?: unknown };
type BootupItem = { url: string; total: number };
type NetworkItem = {
  url: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
  networkRequestTime?: number;
  networkEndTime?: number;
};
type Measure = {
  performance: number;
  accessibility: number;
  audits: Record<string, Audit>;
  requests: NetworkItem[];
  failedA11y: string[];
};

async function measure(chromePort: number, target: Target, cookie: string): Promise<Measure> {
  const result = await lighthouse(
    `${base}${target.path}`,
    {
      port: chromePort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      extraHeaders: target.loggedIn ? { Cookie: cookie } : null,
    },
    undefined,
  );
  if (!result) throw new Error(`Lighthouse non ha prodotto un risultato per ${target.path}`);
  const { lhr } = result;
  const reportDir = process.env.BENCH_REPORT_DIR;
  if (reportDir) {
    fs.mkdirSync(reportDir, { recursive: true });
    const name = `${target.name.replace(/[^a-z0-9]+/gi, '-')}-${Date.now()}.json`;
    fs.writeFileSync(path.join(reportDir, name), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse su ${target.path}: ${lhr.runtimeError.message}`);
  const finalUrl = new URL(lhr.finalDisplayedUrl);
  if (finalUrl.pathname !== new URL(target.path, base).pathname)
    throw new Error(`${target.path} ha portato a ${finalUrl.pathname}`);
  const network = lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined;
  const a11y = lhr.categories.accessibility;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((a11y?.score ?? 0) * 100),
    audits: lhr.audits as Record<string, Audit>,
    requests: network?.items ?? [],
    failedA11y: (a11y?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${ref.id}: ${lhr.audits[ref.id]?.title ?? ''}`),
  };
}

/** Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART): such a run is repeated. */
async function measureWithRetry(chromePort: number, target: Target, cookie: string): Promise<Measure> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(chromePort, target, cookie);
    } catch (error) {
      if (attempt === 3) throw error;
      console.warn(`  (${target.path}: ${error instanceof Error ? error.message : String(error)}; ripeto)`);
    }
  }
}

function report(target: Target, m: Measure, scores: number[]): void {
  const ms = (id: string) => `${Math.round(m.audits[id]?.numericValue ?? 0)} ms`;
  const total = m.requests.reduce((t, r) => t + (r.transferSize ?? 0), 0);
  const byType = new Map<string, { count: number; transfer: number; resource: number }>();
  for (const r of m.requests) {
    const type = r.resourceType ?? 'Other';
    const row = byType.get(type) ?? { count: 0, transfer: 0, resource: 0 };
    row.count++;
    row.transfer += r.transferSize ?? 0;
    row.resource += r.resourceSize ?? 0;
    byType.set(type, row);
  }
  console.log(`\n${target.name} (${target.path})`);
  console.log(
    `  performance ${m.performance} ${ok(m.performance >= target.performance)} (>= ${target.performance}; ` +
      `esecuzioni: ${scores.join(', ')})   accessibility ${m.accessibility} ${ok(m.accessibility === 100)} (100)`,
  );
  console.log(
    `  FCP ${ms('first-contentful-paint')}  LCP ${ms('largest-contentful-paint')}  ` +
      `TBT ${ms('total-blocking-time')}  SI ${ms('speed-index')}  ` +
      `CLS ${(m.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)}`,
  );
  const limit = target.totalBytes ? `  ${ok(total <= target.totalBytes)} limite ${kB(target.totalBytes)}` : '';
  console.log(`  trasferiti ${kB(total)} in ${m.requests.length} richieste${limit}`);
  for (const [type, row] of [...byType].sort((a, b) => b[1].transfer - a[1].transfer)) {
    console.log(
      `    ${type.padEnd(10)} ${String(row.count).padStart(3)}  ${kB(row.transfer).padStart(9)} ` +
        `(non compressi ${kB(row.resource)})`,
    );
  }
  const heaviest = [...m.requests].sort((a, b) => (b.transferSize ?? 0) - (a.transferSize ?? 0)).slice(0, 6);
  console.log(
    `  i più pesanti: ${heaviest.map((r) => `${new URL(r.url).pathname} ${kB(r.transferSize ?? 0)}`).join(', ')}`,
  );
  const bootup = (m.audits['bootup-time']?.details as { items?: BootupItem[] } | undefined)?.items ?? [];
  const busiest = bootup.filter((b) => b.url.startsWith('http')).slice(0, 4);
  console.log(
    `  CPU (simulata) per script: ${busiest.map((b) => `${new URL(b.url).pathname} ${Math.round(b.total)} ms`).join(', ')}`,
  );
  if (verbose) {
    const lcp = m.audits['largest-contentful-paint-element']?.details as
      { items?: { items?: { node?: { snippet?: string; nodeLabel?: string } }[] }[] } | undefined;
    const node = lcp?.items?.[0]?.items?.[0]?.node;
    console.log(`  elemento LCP: ${node?.nodeLabel ?? '?'} ${node?.snippet ?? ''}`);
    for (const r of [...m.requests].sort((a, b) => (a.networkRequestTime ?? 0) - (b.networkRequestTime ?? 0))) {
      console.log(
        `    ${Math.round(r.networkRequestTime ?? 0)}-${Math.round(r.networkEndTime ?? 0)} ms ${kB(r.transferSize ?? 0).padStart(9)}  ${new URL(r.url).pathname}${new URL(r.url).search}`,
      );
    }
  }
  for (const failed of m.failedA11y) console.log(`  accessibilità da correggere: ${failed}`);
}

if (process.env.BENCH_NO_BUILD !== '1') build();
printInitialJs();
const stopServer = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath,
  chromeFlags: ['--headless', ...chromiumArgs],
  logLevel: 'silent',
});
try {
  const cookie = await adminCookie();
  console.log(`\nLighthouse ${runs}x per pagina, profilo mobile (Chromium ${chromiumPath})`);
  targets.push(await publicInstallerTarget());
  const only = process.env.BENCH_ONLY;
  for (const target of targets.filter((t) => !only || t.name.includes(only))) {
    const results: Measure[] = [];
    for (let i = 0; i < runs; i++) results.push(await measureWithRetry(chrome.port, target, cookie));
    results.sort((a, b) => a.performance - b.performance);
    const median = results[Math.floor(results.length / 2)];
    if (median) {
      report(
        target,
        median,
        results.map((r) => r.performance),
      );
    }
  }
} finally {
  chrome.kill();
  stopServer();
}
