import { performance } from 'node:perf_hooks';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import autocannon from 'autocannon';

/**
 * The portal as `npm start` runs it (same entry, same JSON request logs on stdout), on a free local port.
 * Two failures of a start are the test suite's own and are tried again: the port, found free and then bound by the
 * child, taken in between by another socket (any client connection of a parallel test): EADDRINUSE; and, on
 * PostgreSQL, the migrator's introspection of every schema meeting another test file's schema as it is dropped,
 * which fails before any migration runs ('Migrazione fallita:' without a migration's name; the in-process helper
 * migrateWhileOthersDrop retries the same). Any other failure carries the end of what the server wrote to stderr.
 */
export type ServerProcess = {
  url: string;
  pid: number | undefined;
  /** The process's exit code once it has ended (null when a signal ended it). */
  exited: Promise<number | null>;
  stop(): Promise<void>;
};

export async function startServer(env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    const started = await startOnce(env);
    if ('url' in started) return started;
    const raced = started.stderr.includes('EADDRINUSE') || started.stderr.includes('Migrazione fallita:');
    if (!raced || attempt >= 5) {
      throw new Error(`il server è terminato all'avvio (codice ${started.code}): ${started.stderr.slice(-2000)}`);
    }
  }
}

async function startOnce(env: NodeJS.ProcessEnv): Promise<ServerProcess | { code: number; stderr: string }> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [path.resolve(import.meta.dirname, '../apps/server/src/main.ts')],
    {
      // One process unless the caller asks for workers: a test's kill -9 of the pid kills the whole server.
      env: { WEB_CONCURRENCY: '1', ...process.env, PORTAL_DEMO: '0', ...env, PORT: String(port), HOST: '127.0.0.1' },
      // stdout carries the request logs: written, as in production, to a sink that costs only the write itself.
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    stderr = (stderr + chunk.toString()).slice(-8000);
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) {
      await exited;
      return { code: child.exitCode, stderr };
    }
    if (
      await fetch(`${url}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 1200) {
      // Not left running behind the caller's failure.
      child.kill('SIGKILL');
      await exited;
      throw new Error('il server non risponde dopo 120 s');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: child.pid,
    exited,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('porta'))));
    });
  });
}

/** The session cookie of a login, through the real endpoint. */
export async function login(url: string, user: string, pwd: string): Promise<string> {
  const res = await fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user, pwd }),
  });
  const cookie = /portale_sid=[^;]+/.exec(res.headers.get('set-cookie') ?? '')?.[0];
  if (!res.ok || !cookie) throw new Error(`login ${user} non riuscito (${res.status})`);
  return cookie;
}

export type Measure = {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Answers other than 2xx and connection errors: any of them makes the line fail. */
  failures: number;
  /** Requests still unanswered after autocannon's 10 s: the server is far too slow for this line. */
  timeouts: number;
  /**
   * The server process's CPU time (user + system) per answered request, in microseconds: what a request costs,
   * nearly independent of what else the machine runs (Linux /proc; NaN elsewhere).
   */
  cpuUs: number;
};

/**
 * One autocannon run, each request with `Accept-Encoding: br, gzip` as browsers send it, so the server's
 * compression is part of what is measured. It lasts `seconds`, or sends `amount` requests (the smoke run, which
 * only checks that every line answers).
 */
export async function measure(
  url: string,
  opts: { cookie?: string | undefined; connections: number; pid?: number | undefined } & (
    { seconds: number } | { amount: number }
  ),
): Promise<Measure> {
  const times: number[] = [];
  const cpuBefore = cpuSeconds(opts.pid);
  const started = performance.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: opts.connections,
        // autocannon notices that its amount is reached at its next sample, every second by default.
        ...('amount' in opts ? { amount: opts.amount, sampleInt: 100 } : { duration: opts.seconds }),
        headers: { 'accept-encoding': 'br, gzip', ...(opts.cookie ? { cookie: opts.cookie } : {}) },
      },
      (err: unknown, res: autocannon.Result) =>
        err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(res),
    );
    instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  });
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? Number.NaN;
  return {
    requests: times.length,
    rps: times.length / ('amount' in opts ? (performance.now() - started) / 1000 : opts.seconds),
    p50: at(50),
    p95: at(95),
    p99: at(99),
    failures: result.non2xx + result.errors - result.timeouts,
    timeouts: result.timeouts,
    cpuUs: ((cpuSeconds(opts.pid) - cpuBefore) * 1e6) / times.length,
  };
}

/**
 * Waits until the server has worked off what a previous line left queued (requests of closed connections still
 * run), so each line is measured on an idle server: three times running, /health answers within 20 ms, no heavy
 * read waits for the read lane (/metrics) and the process then uses under a fifth of a core for 100 ms. /health
 * alone no longer says so, since heavy reads wait on their own thread or connection while it stays quick.
 */
export async function drain(server: { url: string; pid: number | undefined }): Promise<void> {
  const deadline = Date.now() + 300_000;
  for (let quiet = 0; quiet < 3 && Date.now() < deadline;) {
    const started = performance.now();
    await fetch(`${server.url}/health`).catch(() => undefined);
    const quick = performance.now() - started < 20;
    const metrics = await fetch(`${server.url}/metrics`).then(
      (r) => r.text(),
      () => '',
    );
    const laneFree = !/^background_queue_tasks\{queue="read_lane"\} [1-9]/m.test(metrics);
    const cpu = cpuSeconds(server.pid);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const idle = !(cpuSeconds(server.pid) - cpu > 0.02);
    quiet = quick && laneFree && idle ? quiet + 1 : 0;
  }
}

/** User + system CPU seconds a process has used so far, from /proc/{pid}/stat (clock ticks of 1/100 s). */
function cpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}
