import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createTestContext, cookieOf, type TestContext } from '../helpers.ts';
import { malformedRequests, urlOf, type RouteShape } from './malformed.ts';

/**
 * Every write route of the API, read from Fastify as it registers them, gets at least 1,000
 * malformed requests generated from its own schemas (fast-check, fixed seed), sent as the admin, who passes every
 * guard and so reaches every check. None may answer a 5xx; each answers the {res:'KO', reason} envelope (the
 * public locator's HTML form: a refusal page).
 */

const PER_ROUTE = 1000;
const SEED = 20261123;

/**
 * Two halves of the write routes, one per test file, so the two test workers share the work. Every route is in
 * exactly one: the registries (partners, payments, area managers, resellers), or the people and the session.
 */
export type FuzzGroup = 'registries' | 'people';
const groupOf = (url: string): FuzzGroup =>
  /^\/api\/(partner|caricapag|capoarea|rivenditor|riventitore)/.test(url) ? 'registries' : 'people';

const isWrite = (method: string) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method);

/**
 * A test file's app, built with every route passed to `collect` as Fastify registers it (one method at a time),
 * and the admin's cookie, who passes every guard. For the file's tests: `fuzzed.app` and `fuzzed.admin`.
 */
export function appOfRoutes(collect: (method: string, route: RouteOptions) => void) {
  let ctx: TestContext;
  const fuzzed = { app: undefined as unknown as FastifyInstance, admin: '' };
  beforeAll(async () => {
    ctx = await createTestContext();
    fuzzed.app = await buildApp({
      config: ctx.config,
      db: ctx.db,
      onRoute: (route: RouteOptions) => {
        for (const method of Array.isArray(route.method) ? route.method : [route.method]) collect(method, route);
      },
    });
    await fuzzed.app.ready();
    fuzzed.admin = await cookieOf(fuzzed.app, 'admin');
  });
  afterAll(async () => {
    await fuzzed.app.close();
    await ctx.close();
  });
  return fuzzed;
}

export function fuzzWriteRoutes(group: FuzzGroup): void {
  const writes: RouteShape[] = [];
  const fuzzed = appOfRoutes((method, route) => {
    if (isWrite(method) && groupOf(route.url) === group) {
      writes.push({ method, url: route.url, schema: route.schema as RouteShape['schema'] });
    }
  });

  it('finds its write routes', () => {
    expect(writes.length).toBeGreaterThan(10);
  });

  it(`sends ${PER_ROUTE} malformed requests to each: never a 5xx, always the envelope`, async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const [i, route] of writes.entries()) {
      // The session routes are public: fuzzed without the admin's cookie, so a logout does not end it.
      const cookie =
        route.url.startsWith('/auth/') && route.url !== '/auth/admin/resetpassword' ? {} : { cookie: fuzzed.admin };
      for (const request of malformedRequests(route, PER_ROUTE, SEED + i)) {
        const res = await fuzzed.app.inject({
          method: route.method as 'POST',
          url: urlOf(route.url, request.params),
          headers: { ...request.headers, ...cookie },
          ...(request.payload !== undefined ? { payload: request.payload } : {}),
        });
        sent++;
        // The public locator's form answers a refusal as a page (its 400, 404 or 429), not as the envelope.
        const page = String(res.headers['content-type']).startsWith('text/html');
        if (res.statusCode >= 500 || (page ? res.statusCode < 400 : res.json().res !== 'KO')) {
          failures.push(`${route.method} ${route.url} [${request.how}] -> ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
      }
    }
    const routes = [...new Set(failures.map((f) => f.slice(0, f.indexOf(' ['))))];
    expect({ routes, first: failures.slice(0, 10) }, `${failures.length} of ${sent}`).toEqual({
      routes: [],
      first: [],
    });
    expect(sent).toBeGreaterThanOrEqual(writes.length * PER_ROUTE);
  }, 300_000);
}
