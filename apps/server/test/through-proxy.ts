import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { startThreeInstances } from '../../../scripts/three-instances.ts';
import { injectOverHttp } from './inject-over-http.ts';
import { startSmtpCatcher } from './smtp-catcher.ts';

/** TEST_INSTANCES=3: the API tests' requests go over HTTP through nginx to three instances (createTestContext). */
export const throughProxy = process.env.TEST_INSTANCES === '3';

export type Proxied = { app: FastifyInstance; stop(): Promise<void> };

/**
 * Three instances behind nginx on the test's database and bucket, configured as the test's in-process app is
 * (same variables, same PUBLIC_URL), each with a DATA_DIR of its own on PostgreSQL as on three machines (SQLite
 * lives in one file of one machine: there they share the test's DATA_DIR). Their mail goes to one SMTP relay that
 * writes into the test's outbox, so the tests read the mails as they do in process. The returned app is the
 * in-process one with inject sent through the proxy: whatever a test asks over the API is answered by the
 * instances, whatever it does directly (database, file store) is the same database and store.
 */
export async function proxied(
  app: FastifyInstance,
  env: Record<string, string>,
  opts: { dataDir: string; outbox: string; databaseUrl: string | undefined },
): Promise<Proxied> {
  const smtp = await startSmtpCatcher(opts.outbox);
  // env's DATA_DIR is the test's: on SQLite the instances share it, on PostgreSQL each has its own.
  const ownDirs = opts.databaseUrl ? [1, 2, 3].map((n) => path.join(opts.dataDir, `instance-${n}`)) : [];
  for (const dir of ownDirs) fs.mkdirSync(dir, { recursive: true });
  const three = await startThreeInstances(
    {
      ...env,
      ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
      SMTP_URL: smtp.url,
      PORTAL_DEMO: '0',
    },
    {
      publicUrl: env.PUBLIC_URL,
      ...(ownDirs.length === 3 ? { dataDirs: ownDirs as [string, string, string] } : {}),
    },
  );
  const agent = new http.Agent({ keepAlive: true });
  const inject = injectOverHttp(three.url, agent);
  const wrapped = new Proxy(app, {
    get: (target, prop) => (prop === 'inject' ? inject : Reflect.get(target, prop, target)),
  });
  return {
    app: wrapped,
    async stop() {
      agent.destroy();
      // The mode proves itself: nginx spread the file's requests over all three instances.
      const served = await Promise.all(three.instances.map((i) => apiRequestsServed(i.url)));
      await three.stop();
      await smtp.stop();
      if (served.some((n) => n === 0)) throw new Error(`richieste servite dalle tre istanze: ${served.join(', ')}`);
    },
  };
}

/** Requests an instance answered, from its own /metrics, leaving out the health checks and the scrapes. */
async function apiRequestsServed(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return text
    .split('\n')
    .filter((l) => l.startsWith('http_requests_total{') && !/route="\/(health|metrics)"/.test(l))
    .reduce((sum, l) => sum + Number(l.split(' ').at(-1)), 0);
}
