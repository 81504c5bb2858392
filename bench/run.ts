/**
 * npm run bench: measurements that must not be timed assertions in tests (the machine is shared and noisy).
 *
 * 1. Login cost: argon2id hashing dominates a login; one line says what one costs here. Then the reset request
 *    timing for an existing and an unknown name (bench/reset-timing.ts).
 * 2. The lists at the network's real size: the server started as `npm start` starts it, on the stress
 *    database (SQLite in ./data/stress, then PostgreSQL in the same run when DATABASE_URL is set; each seeded first
 *    when empty), each line of bench/requests.ts under autocannon (50 connections, 10 s, after 3 s unmeasured that
 *    warm it), side by side with GET /health. Prints req/s, p50, p95, p99 and the ratio to /health, marks the
 *    targets, and writes the JSON to bench/results/. Then the isolation lines: GET /health at 5 connections while
 *    the run's heaviest list (the most CPU per request), then its heaviest call of any kind, runs at 50: one slow
 *    request must not hold up the others.
 *
 * --smoke: the same run on a tiny network (1%) in a temporary database (a private schema of TEST_DATABASE_URL when
 * set), 25 requests per line, failing only when a line answers anything but 2xx. `npm test` runs it so the bench
 * cannot rot.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { connect } from '../apps/server/src/db/connect.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { DEMO_PASSWORD, isEmpty } from '../apps/server/src/db/seed/demo.ts';
import { seedStress, stressSize } from '../apps/server/src/db/seed/stress.ts';
import { STRESS_DATA_DIR } from '../apps/server/src/cli/seed-stress-dir.ts';
import { hashPassword, verifyPassword } from '../apps/server/src/lib/passwords.ts';
import { refreshTypeCounts } from '../apps/server/src/modules/coupon-types/coupon-types.repository.ts';
import { drain, login, measure, startServer, type Measure } from './http.ts';
import {
  benchExports,
  exportVerdict,
  measureExport,
  measureMassActivation,
  type ExportMeasure,
  type MassActivationMeasure,
} from './exports.ts';
import { measureImport, type ImportMeasure } from './imports.ts';
import { benchLogins, benchRequests, TOP_INSTALLER, type BenchLogin } from './requests.ts';

const { values: args } = parseArgs({
  options: {
    smoke: { type: 'boolean', default: false },
    only: { type: 'string' },
    seconds: { type: 'string' },
    'warm-up': { type: 'string' },
  },
});
const smoke = args.smoke;
const seconds = Number(args.seconds ?? (smoke ? 1 : 10));
const connections = smoke ? 5 : 50;
// The smoke run only checks that every line answers 2xx: a few requests each, not seconds of them.
const SMOKE_REQUESTS = 25;
// --warm-up 0 measures each line from its first request, as the bench did before 2026-11-27.
const warmUpSeconds = Number(args['warm-up'] ?? 3);

// 1. Login cost.
{
  const runs = smoke ? 2 : 20;
  const stored = await hashPassword('portale-demo');
  const started = performance.now();
  for (let i = 0; i < runs; i++) await verifyPassword(stored, 'portale-demo');
  const ms = (performance.now() - started) / runs;
  console.log(`argon2id verify: ${ms.toFixed(1)} ms per login (media su ${runs})`);
}

// Reset requests take the same path whether or not the account exists.
if (!smoke) await import('./reset-timing.ts');

// 2. The database: the stress one, or a throw-away one for the smoke run.
type Target = { label: string; env: NodeJS.ProcessEnv; cleanup(): Promise<void> };

async function targets(): Promise<Target[]> {
  if (!smoke) {
    const url = process.env.DATABASE_URL;
    const dataDir = process.env.DATA_DIR ?? STRESS_DATA_DIR;
    const none = async () => undefined;
    return [
      // The SQLite server must not inherit DATABASE_URL (spawn drops undefined variables).
      { label: 'SQLite', env: { DATA_DIR: dataDir, DATABASE_URL: undefined }, cleanup: none },
      ...(url ? [{ label: 'PostgreSQL', env: { DATABASE_URL: url }, cleanup: none }] : []),
    ];
  }
  const testUrl = process.env.TEST_DATABASE_URL;
  if (testUrl) {
    const schema = `bench_${process.pid}_${Date.now().toString(36)}`;
    const run = async (query: string) => {
      const client = new pg.Client({ connectionString: testUrl });
      await client.connect();
      await client.query(query);
      await client.end();
    };
    await run(`create schema ${schema}`);
    const u = new URL(testUrl);
    u.searchParams.set('options', `-c search_path=${schema}`);
    return [
      {
        label: 'PostgreSQL',
        env: { DATABASE_URL: u.toString() },
        cleanup: () => run(`drop schema ${schema} cascade`),
      },
    ];
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-bench-'));
  return [
    {
      label: 'SQLite',
      env: { DATA_DIR: dataDir, DATABASE_URL: undefined },
      cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    },
  ];
}

/** Seeds the target when it is empty (the full stress network, or 1% of it for the smoke run). */
async function ensureSeeded(t: Target): Promise<void> {
  const url = t.env.DATABASE_URL;
  const schema = url
    ? (new URL(url).searchParams.get('options')?.match(/search_path=(\w+)/)?.[1] ?? undefined)
    : undefined;
  const handle = url
    ? connect({ kind: 'postgres', url })
    : connect({ kind: 'sqlite', file: path.join(t.env.DATA_DIR ?? '', 'portal.db') });
  try {
    await migrateToLatest(handle.db, schema);
    if (await isEmpty(handle.db)) {
      console.log(smoke ? 'Rete di stress all’1%…' : 'Database di stress vuoto: lo riempio (npm run seed:stress)…');
      await seedStress(handle.db, { size: stressSize(smoke ? 0.01 : 1), log: (l) => console.log(`  ${l}`) });
    }
  } finally {
    await handle.db.destroy();
  }
}

/** Deletes the e-mails a bench press queued (mail_queue.batch is the press). */
async function dropQueuedMails(t: Target, run: string): Promise<void> {
  const url = t.env.DATABASE_URL;
  const handle = url
    ? connect({ kind: 'postgres', url })
    : connect({ kind: 'sqlite', file: path.join(t.env.DATA_DIR ?? '', 'portal.db') });
  try {
    await handle.db.deleteFrom('mail_queue').where('batch', '=', run).where('status', '=', 'pending').execute();
  } finally {
    await handle.db.destroy();
  }
}

/** Deletes the installers (and their coupons) a bench import stored, so runs do not grow the stress network. */
async function dropImported(t: Target, importUuid: string): Promise<void> {
  const url = t.env.DATABASE_URL;
  const handle = url
    ? connect({ kind: 'postgres', url })
    : connect({ kind: 'sqlite', file: path.join(t.env.DATA_DIR ?? '', 'portal.db') });
  try {
    await handle.db.transaction().execute(async (tx) => {
      const people = tx.selectFrom('import_posatori').select('posatore_uuid').where('import_uuid', '=', importUuid);
      await tx.deleteFrom('coupons').where('posatore', 'in', people).execute();
      await tx.deleteFrom('posatori').where('uuid', 'in', people).execute();
      await tx.deleteFrom('imports').where('uuid', '=', importUuid).execute();
      await refreshTypeCounts(tx);
    });
  } finally {
    await handle.db.destroy();
  }
}

let failed = false;
for (const t of await targets()) {
  try {
    await ensureSeeded(t);
    const server = await startServer(t.env);
    try {
      const cookies = new Map<BenchLogin, string>();
      for (const user of benchLogins) cookies.set(user, await login(server.url, user, DEMO_PASSWORD));
      // The installer with the most coupons, for the coupon lines' paths.
      const top = (await (
        await fetch(`${server.url}/api/posatori?order=coupon&size=1`, {
          headers: { cookie: cookies.get('admin') ?? '' },
        })
      ).json()) as { data: { uuid: string }[] };
      const topInstaller = top.data[0]?.uuid ?? '';
      const lines = benchRequests
        .filter((r, i) => i === 0 || !args.only || r.name.includes(args.only))
        .map((r) => ({ ...r, path: r.path.replace(TOP_INSTALLER, topInstaller) }));
      // Warm the JIT and the caches the way a running server has them, without measuring.
      await measure(`${server.url}/health`, { connections, seconds: smoke ? 1 : 3 });
      const pid = server.pid;

      console.log(
        `\n${t.label}, ${connections} connessioni, ${smoke ? `${SMOKE_REQUESTS} richieste` : `${seconds} s`} per riga, ${os.cpus().length} CPU (${os.cpus()[0]?.model ?? ''}), carico ${os.loadavg()[0]?.toFixed(1)}`,
      );
      const rows: ({ name: string; path: string; search: boolean; connections: number } & Measure & {
          ratio: number;
        })[] = [];
      let health = Number.NaN;
      const header = ['richiesta', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', '× /health', 'CPU µs/req', 'obiettivo'];
      const widths = [38, 8, 8, 8, 8, 10, 11, 20];
      const line = (cells: string[]) =>
        cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(' ');
      console.log(line(header));
      for (const r of lines) {
        const lineConnections = smoke ? connections : (r.connections ?? connections);
        // The line's own code and data warmed first, unmeasured: the JIT's compiled code for its route, its
        // statements, the heap grown to its working size. A line measured cold adds the first seconds after a
        // start (compilation, the first full collections) to its p99 (docs/performance/lists.md).
        if (!smoke && warmUpSeconds > 0) {
          await drain(server);
          await measure(`${server.url}${r.path}`, {
            cookie: r.as && cookies.get(r.as),
            connections: lineConnections,
            seconds: warmUpSeconds,
          });
        }
        await drain(server);
        const m = await measure(`${server.url}${r.path}`, {
          cookie: r.as && cookies.get(r.as),
          connections: lineConnections,
          ...(smoke ? { amount: SMOKE_REQUESTS } : { seconds }),
          pid,
        });
        if (r.path === '/health') health = m.rps;
        const ratio = m.rps / health;
        // Targets (issue 19): p99 <= 50 ms at 50 connections on SQLite, <= 100 ms on PostgreSQL; a line with a
        // `minRatio` (the admin's installer list, page 1) at least that share of /health's req/s; contains-searches
        // also p95 <= 30 ms. A line at a few connections measures latency, not throughput: p95 alone.
        const p99Target = t.label === 'PostgreSQL' ? 100 : 50;
        const met =
          r.path === '/health' ||
          (r.connections !== undefined && !smoke
            ? m.p95 <= 30
            : m.p99 <= p99Target && ratio >= (r.minRatio ?? 0) && (!r.search || m.p95 <= 30));
        const mark =
          m.failures > 0
            ? `ERRORI ${m.failures}`
            : m.timeouts > 0
              ? `no (${m.timeouts} oltre 10 s)`
              : smoke || r.path === '/health'
                ? ''
                : met
                  ? 'sì'
                  : 'no';
        if (m.failures > 0 || m.requests === 0) failed = true;
        rows.push({
          name: r.name,
          path: r.path,
          search: r.search === true,
          connections: r.connections ?? connections,
          ...m,
          ratio,
        });
        console.log(
          line([
            r.name,
            m.rps.toFixed(0),
            m.p50.toFixed(1),
            m.p95.toFixed(1),
            m.p99.toFixed(1),
            ratio.toFixed(2),
            m.cpuUs.toFixed(0),
            mark,
          ]),
        );
      }
      // Isolation: what a light request waits while the heaviest list of the run (the most CPU per request among
      // the paged lists), and then the heaviest call of any kind (a report, the statistics) if another, keeps 50
      // connections busy. Target: GET /health p99 <= 50 ms.
      const heaviestOf = (candidates: typeof rows) =>
        candidates.reduce<(typeof rows)[number] | undefined>((a, b) => (a && a.cpuUs >= b.cpuUs ? a : b), undefined);
      const heaviestList = heaviestOf(rows.filter((r) => r.path.includes('size=')));
      const heaviestCall = heaviestOf(rows.filter((r) => r.path !== '/health'));
      const isolation: { beside: string; health: Measure; heavy: Measure }[] = [];
      for (const heaviest of new Set([heaviestList, heaviestCall])) {
        if (!heaviest) continue;
        await drain(server);
        const as = lines.find((l) => l.name === heaviest.name)?.as;
        const [health5, heavy] = await Promise.all([
          // The heavy line starts first, so /health is measured under its load from its first request.
          new Promise<Measure>((resolve, reject) =>
            setTimeout(() => measure(`${server.url}/health`, { connections: 5, seconds }).then(resolve, reject), 200),
          ),
          measure(`${server.url}${heaviest.path}`, {
            cookie: as && cookies.get(as),
            connections,
            seconds: seconds + 0.5,
          }),
        ]);
        isolation.push({ beside: heaviest.name, health: health5, heavy });
        if (health5.failures > 0 || heavy.failures > 0) failed = true;
        console.log(
          `${isolation.length === 1 ? '\n' : ''}GET /health a 5 connessioni accanto a «${heaviest.name}» a ${connections}: ${health5.rps.toFixed(0)} req/s, p50 ${health5.p50.toFixed(1)} ms, p99 ${health5.p99.toFixed(1)} ms (la richiesta pesante: ${heavy.rps.toFixed(0)} req/s, p99 ${heavy.p99.toFixed(1)} ms)${smoke ? '' : ` — obiettivo p99 ≤ 50 ms: ${health5.p99 <= 50 ? 'sì' : 'no'}`}`,
        );
      }
      // The exports: one whole download each, its time and the server's memory peak.
      const exportsMeasured: ExportMeasure[] = [];
      console.log(
        `\n${'export'.padEnd(34)} ${'tempo ms'.padStart(9)} ${'MB file'.padStart(8)} ${'RSS MB prima'.padStart(13)} ${'RSS MB picco'.padStart(13)} ${'privata prima'.padStart(14)} ${'privata picco'.padStart(14)} ${'crescita'.padStart(9)}  obiettivo`,
      );
      for (const e of benchExports.filter((x) => !args.only || x.name.includes(args.only))) {
        // Requests the lines above left queued would otherwise be timed as part of the export.
        await drain(server);
        const m = await measureExport(`${server.url}${e.path}`, cookies.get(e.as), pid, e.name);
        exportsMeasured.push({ name: e.name, path: e.path, ...m, verdict: exportVerdict(e, m) });
        console.log(
          `${e.name.padEnd(34)} ${m.ms.toFixed(0).padStart(9)} ${(m.bytes / 1_048_576).toFixed(1).padStart(8)} ${m.rssBeforeMb.toFixed(0).padStart(13)} ${m.rssPeakMb.toFixed(0).padStart(13)} ${m.anonBeforeMb.toFixed(0).padStart(14)} ${m.anonPeakMb.toFixed(0).padStart(14)} ${(m.anonPeakMb - m.anonBeforeMb).toFixed(0).padStart(9)}  ${exportVerdict(e, m)}`,
        );
      }
      // Mass activation: the press's preparation over the whole registry; its queued e-mails are dropped afterwards,
      // so the bench's server does not spend the next runs writing them to the outbox.
      let massive: MassActivationMeasure | undefined;
      if (!args.only || 'sendmassive'.includes(args.only)) {
        massive = await measureMassActivation(server.url, cookies.get('admin'), pid);
        await dropQueuedMails(t, massive.run);
        console.log(
          `\n${'sendmassive (preparazione)'.padEnd(34)} ${massive.ms.toFixed(0).padStart(9)} ms, ${massive.candidati} posatori senza account attivo, ${massive.accodati} e-mail accodate, RSS ${massive.rssBeforeMb.toFixed(0)} → ${massive.rssPeakMb.toFixed(0)} MB`,
        );
      }
      // The import wizard's path for 10,000 rows, and the per-row call; the people it stored are removed after.
      let imported: ImportMeasure | undefined;
      if (!args.only || 'import'.includes(args.only)) {
        const adminCookie = cookies.get('admin') ?? '';
        const types = (await (
          await fetch(`${server.url}/api/cbotcoupons`, { headers: { cookie: adminCookie } })
        ).json()) as { value: string }[];
        imported = await measureImport(server.url, adminCookie, {
          rows: smoke ? 600 : 10_000,
          perRowCount: smoke ? 50 : 1_000,
          couponType: types[0]?.value ?? '',
        });
        await dropImported(t, imported.import);
        console.log(
          `${`import ${imported.rows.toLocaleString('it-IT')} righe (batch)`.padEnd(34)} ${imported.totalMs.toFixed(0).padStart(9)} ms (lettura ${imported.readMs.toFixed(0)} ms), ${imported.rowsPerSecond.toFixed(0)} righe/s, ${imported.coupon} coupon — obiettivo ≤ 5000 ms: ${imported.totalMs <= 5000 ? 'sì' : 'no'}`,
        );
        console.log(
          `${'import riga per riga'.padEnd(34)} ${imported.perRow.ms.toFixed(0).padStart(9)} ms per ${imported.perRow.rows} righe (${imported.perRow.concurrency} alla volta), ${imported.perRow.rowsPerSecond.toFixed(0)} righe/s — obiettivo ≥ 300: ${imported.perRow.rowsPerSecond >= 300 ? 'sì' : 'no'}`,
        );
      }
      if (!smoke) {
        const dir = path.resolve(import.meta.dirname, 'results');
        fs.mkdirSync(dir, { recursive: true });
        const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${t.label.toLowerCase()}.json`);
        const machine = {
          cpus: os.cpus().length,
          model: os.cpus()[0]?.model,
          node: process.version,
          loadavg: os.loadavg(),
        };
        fs.writeFileSync(
          file,
          `${JSON.stringify({ database: t.label, connections, seconds, machine, rows, isolation, exports: exportsMeasured, massive, imported }, null, 2)}\n`,
        );
        console.log(`\nRisultati in ${path.relative(process.cwd(), file)}`);
      }
    } finally {
      await server.stop();
    }
  } finally {
    await t.cleanup();
  }
}
if (failed) {
  console.error('\n✖ Almeno una richiesta del bench non ha risposto 2xx.');
  process.exit(1);
}
