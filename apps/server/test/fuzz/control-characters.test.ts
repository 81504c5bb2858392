import { expect, it } from 'vitest';
import { CONTROL_CHARACTER_MSG } from '@portal/shared/validation/control-characters';
import { controlCases, type ControlCase } from './control-characters.ts';
import { appOfRoutes } from './fuzz-run.ts';
import type { RouteShape } from './malformed.ts';

/**
 * Every route of the API, read from Fastify as it registers them, gets a control character in each of its text
 * parameters (NUL in every one, the other C0 and C1 characters in turn), sent as the admin. None may answer a 5xx;
 * each is refused with a 400 naming the parameter before anything runs, except an import's cells, which are
 * stripped (plugins/control-characters.ts).
 */

const routes: (RouteShape & { strip: boolean })[] = [];
const fuzzed = appOfRoutes((method, route) => {
  if (route.url.startsWith('/api/docs/static') || method === 'HEAD') return;
  routes.push({
    method,
    url: route.url,
    schema: route.schema as RouteShape['schema'],
    strip: route.config?.controlCharacters === 'strip',
  });
});

it('finds the routes and their text parameters', () => {
  expect(routes.length).toBeGreaterThan(100);
});

it('refuses a control character in every text parameter of every route, never with a 5xx', async () => {
  let turn = 0;
  const failures: string[] = [];
  const cases: (ControlCase & { strip: boolean })[] = routes.flatMap((route) =>
    controlCases(route, () => turn++).map((c) => ({ ...c, strip: route.strip })),
  );
  for (const c of cases) {
    // The session routes are public: sent without the admin's cookie, so nothing ends the session.
    const cookie = c.url.startsWith('/auth/') ? {} : { cookie: fuzzed.admin };
    const res = await fuzzed.app.inject({
      method: c.method as 'GET',
      url: `${c.url}${c.query}`,
      headers: { ...c.headers, ...cookie },
      ...(c.payload !== undefined ? { payload: c.payload } : {}),
    });
    const what = `${c.method} ${c.url}${c.query} [${c.context} ${c.field} U+${c.char.toString(16).padStart(4, '0')}]`;
    // The public locator's pages answer as pages: the 400 page with the reason.
    if (String(res.headers['content-type']).startsWith('text/html')) {
      if (res.statusCode !== 400 || !res.body.includes(CONTROL_CHARACTER_MSG)) {
        failures.push(`${what} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
      continue;
    }
    let reply: { res?: string; fields?: Record<string, string> };
    try {
      reply = res.json();
    } catch {
      failures.push(`${what} -> ${res.statusCode} non JSON`);
      continue;
    }
    if (res.statusCode >= 500) failures.push(`${what} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
    // Stripped cells are stored; an upload to a made-up row is refused before its file is read.
    else if ((c.strip && c.context === 'body') || c.context === 'upload') continue;
    else if (res.statusCode !== 400 || reply.res !== 'KO') {
      failures.push(`${what} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
    } else if (c.context !== 'params' && !reply.fields?.[c.field]) {
      failures.push(`${what} -> 400 without the field: ${res.body.slice(0, 120)}`);
    }
  }
  expect(failures.slice(0, 20), `${failures.length} of ${cases.length}`).toEqual([]);
  // NUL in every text parameter, and the other characters in turn.
  expect(cases.length).toBeGreaterThan(400);
  expect(new Set(cases.map((c) => c.char)).size).toBeGreaterThan(60);
}, 300_000);
