import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startServer } from '../bench/http.ts';

/**
 * Three portal instances behind Debian's nginx (round robin), as an operator runs them on separate machines: one
 * database (DATABASE_URL; SQLite in DATA_DIR when absent), one shared DATA_DIR for the files, and whatever else the
 * environment says (FILE_STORE, SMTP_URL, ...) passed to every instance. nginx runs unprivileged from a temporary
 * prefix with the config in deploy/nginx/portal.conf.template.
 *
 *   DATABASE_URL=postgres://... node scripts/three-instances.ts [--port 8080]
 */

export const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
const root = path.resolve(import.meta.dirname, '..');

export type ThreeInstances = {
  url: string;
  instances: { url: string; pid: number | undefined }[];
  stop(): Promise<void>;
};

/**
 * opts.dataDirs: one DATA_DIR per instance, as on three machines (PostgreSQL and FILE_STORE=s3 only: SQLite and
 * files on disk live in the one shared DATA_DIR of env). opts.publicUrl: the address the portal names in its links
 * (the proxy's own by default).
 */
export async function startThreeInstances(
  env: NodeJS.ProcessEnv,
  opts: { port?: number; dataDirs?: [string, string, string]; publicUrl?: string | undefined } = {},
): Promise<ThreeInstances> {
  const port = opts.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const instanceEnv = (i: number) => ({
    ...env,
    ...(opts.dataDirs ? { DATA_DIR: opts.dataDirs[i] } : {}),
    PUBLIC_URL: opts.publicUrl ?? url,
    TRUST_PROXY: '127.0.0.1',
    WEB_CONCURRENCY: '1',
  });
  // The first one alone: it migrates and, on an empty database, seeds the demo data once; then the two others.
  const first = await startServer(instanceEnv(0));
  const others = await Promise.allSettled([startServer(instanceEnv(1)), startServer(instanceEnv(2))]);
  const started = [first, ...others.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []))];
  const failed = others.find((o) => o.status === 'rejected');
  if (failed) {
    // Nothing is left running when the whole cannot start.
    await Promise.all(started.map((i) => i.stop()));
    throw failed.reason;
  }
  const instances = started;
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-nginx-'));
  // Started as root, nginx's workers run as nobody and must reach the temporary files of request bodies above
  // 16 kB under the prefix: mkdtemp's 0700 made every upload and long message through the proxy a 500.
  fs.chmodSync(prefix, 0o755);
  const template = fs.readFileSync(path.join(root, 'deploy/nginx/portal.conf.template'), 'utf8');
  const servers = instances.map((i) => `    server ${new URL(i.url).host};`).join('\n');
  fs.writeFileSync(
    path.join(prefix, 'nginx.conf'),
    template
      .replaceAll('{{PREFIX}}', prefix)
      .replaceAll('{{LISTEN}}', `127.0.0.1:${port}`)
      .replace('{{SERVERS}}', servers),
  );
  const nginx = spawn(
    NGINX,
    ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', path.join(prefix, 'error.log')],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const nginxExited = new Promise<void>((resolve) => nginx.once('exit', () => resolve()));
  const stop = async () => {
    nginx.kill('SIGQUIT');
    await nginxExited;
    await Promise.all(instances.map((i) => i.stop()));
    fs.rmSync(prefix, { recursive: true, force: true });
  };
  for (let i = 0; ; i++) {
    const up = await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (nginx.exitCode !== null || i > 100) {
      await stop();
      throw new Error(`nginx non risponde su ${url}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, instances: instances.map((i) => ({ url: i.url, pid: i.pid })), stop };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--port');
  const port = at > 0 ? Number(process.argv[at + 1]) : 8080;
  const running = await startThreeInstances({ PORTAL_DEMO: process.env.PORTAL_DEMO ?? '1' }, { port });
  console.log(`Portale Posatori su ${running.url}: nginx davanti a ${running.instances.map((i) => i.url).join(', ')}`);
  const stop = () => void running.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
