import type { FastifyInstance, InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, type Role } from '@portal/shared/roles';
import { buildApp } from '../../src/app.ts';
import { simplePdf } from '../../src/lib/pdf-files.ts';
import { createTestContext, cookieOf, personOfUser, type TestContext } from '../helpers.ts';
import { imageForm, multipart } from '../multipart.ts';
import type { PosatoreStato } from '../../src/modules/posatori/posatori.table.ts';
import { profileNotOkReason } from '../../src/plugins/profile-gate.ts';
import type { CaseContext, Cell, Line, Request } from './authorization-cells.ts';
import { authorizationTable } from './authorization-table.ts';
import { createFixtures, type Fixtures, type RowKind } from './fixtures.ts';

/**
 * The authorization tests, generated from authorization-table.ts. For every line, every role and
 * every kind of row the fixtures give that role, one request with a fresh row, and the status the table says.
 */

let ctx: TestContext;
/** The same database, with every route Fastify registers recorded. */
let app: FastifyInstance;
const registered: string[] = [];
const cookies = {} as Record<Role, string>;
let fixtures: Fixtures;
let jpeg: Buffer;

beforeAll(async () => {
  ctx = await createTestContext();
  app = await buildApp({
    config: ctx.config,
    db: ctx.db,
    onRoute: (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) if (method !== 'HEAD') registered.push(`${method} ${route.url}`);
    },
  });
  await app.ready();
  for (const role of roles) cookies[role] = await cookieOf(app, role);
  fixtures = await createFixtures(ctx, cookies.admin, cookies.posatore);
  jpeg = await sharp({ create: { width: 24, height: 24, channels: 3, background: '#963' } })
    .jpeg()
    .toBuffer();
});
afterAll(async () => {
  await app.close();
  await ctx.close();
});

const key = (line: Line) => line.route;

it('every route registered in Fastify has its line in the authorization table', () => {
  const inTable = new Set(authorizationTable.map(key));
  const missing = registered.filter((route) => !inTable.has(route));
  expect(missing, 'routes without a line in authorization-table.ts').toEqual([]);
  const stale = [...inTable].filter((route) => !registered.includes(route));
  expect(stale, 'lines of routes that no longer exist').toEqual([]);
});

const pathOf = (route: string) => route.slice(route.indexOf(' ') + 1);
const methodOf = (route: string) => route.slice(0, route.indexOf(' ')) as Request['method'];

async function send(request: Request, cookie: string | undefined, stream = false) {
  const options: InjectOptions = {
    method: request.method,
    url: request.url,
    headers: { ...(request.headers ?? {}), ...(cookie ? { cookie } : {}) },
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
  };
  if (!stream) return app.inject(options);
  // A stream that never ends: its status, and for a refusal its body, read in full; an accepted one is let go.
  const res = await app.inject({ ...options, payloadAsStream: true });
  let body = '';
  if (res.statusCode >= 400) for await (const chunk of res.stream()) body += String(chunk);
  else res.stream().destroy();
  return { statusCode: res.statusCode, body, json: () => JSON.parse(body) as { res: string } };
}

function caseContext(row: string, cookie: string | undefined): CaseContext {
  const form = (f: { payload: Buffer; headers: Record<string, string> }) => ({
    payload: f.payload,
    headers: f.headers,
  });
  return {
    row,
    get: async (url) => {
      const res = await app.inject({ method: 'GET', url, headers: { cookie: cookie ?? cookies.admin } });
      return res.statusCode === 200 ? res.json() : undefined;
    },
    adminGet: async (url) => (await app.inject({ method: 'GET', url, headers: { cookie: cookies.admin } })).json(),
    image: () => form(imageForm(jpeg)),
    pdf: () =>
      form(
        multipart([
          { name: 'file', filename: 'fattura.pdf', contentType: 'application/pdf', data: simplePdf(['Prova']) },
        ]),
      ),
  };
}

async function requestOf(line: Line, row: string, cookie: string | undefined): Promise<Request> {
  if (line.request) return line.request(caseContext(row, cookie));
  const parts = row.split('/');
  let i = 0;
  const url = pathOf(line.route).replace(/:[a-z]+/g, () => parts[i++] ?? row);
  return { method: methodOf(line.route), url };
}

const expected = (cell: Cell, kind: RowKind | undefined): number | undefined =>
  typeof cell === 'number' ? cell : kind ? cell[kind] : undefined;

/** The cases of a line: one per role and kind of row the fixtures give that role. */
function casesOf(line: Line): { role: Role; kind: RowKind | undefined }[] {
  return roles.flatMap((role): { role: Role; kind: RowKind | undefined }[] => {
    if (!line.row) return [{ role, kind: undefined }];
    return (['mine', 'seen', 'other'] as const)
      .filter((kind) => fixtures[line.row!][role]?.[kind] && expected(line.cells[role], kind) !== undefined)
      .map((kind) => ({ role, kind }));
  });
}

async function rowFor(line: Line, role: Role, kind: RowKind | undefined): Promise<string> {
  if (!line.row || !kind) return '';
  const make = fixtures[line.row][role]?.[kind];
  if (!make) throw new Error(`nessuna riga ${kind} di ${line.row} per ${role}`);
  return make();
}

describe.each(
  authorizationTable.map((line) => [line.label ? `${line.route} (${line.label})` : line.route, line] as const),
)('%s', (_name, line) => {
  it(line.public ? 'answers without a session' : 'answers 401 without a session', async () => {
    const kind = line.row ? 'mine' : undefined;
    const role = (['admin', 'posatore', 'capoarea', 'rivenditori'] as const).find(
      (r) => !line.row || fixtures[line.row][r]?.mine,
    );
    const row = role ? await rowFor(line, role, kind) : '';
    const res = await send(await requestOf(line, row, undefined), undefined, line.stream);
    if (line.public && line.anonymous !== undefined) expect(res.statusCode, res.body).toBe(line.anonymous);
    else if (line.public) expect(res.statusCode, res.body).toBeLessThan(400);
    else {
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json().res).toBe('KO');
    }
  });

  it('answers each role as the table says, row by row', async () => {
    const cases = casesOf(line);
    expect(cases.length).toBeGreaterThan(0);
    for (const { role, kind } of cases) {
      const want = expected(line.cells[role], kind);
      const cookie = line.ownSession ? await cookieOf(app, role) : cookies[role];
      const row = await rowFor(line, role, kind);
      const res = await send(await requestOf(line, row, cookie), cookie, line.stream);
      expect(res.statusCode, `${role} on a ${kind ?? 'route without rows'}: ${res.body.slice(0, 200)}`).toBe(want);
      if (want !== undefined && want >= 400) expect(res.json().res).toBe('KO');
    }
  });
});

/**
 * An installer whose profile is not OK (SOSPESO or INCOMPLETO) reaches home and profile only (docs/decisions/0009):
 * the lines marked profileNotOk 'open' answer as for an installer in order, every other API route is a 403, whatever
 * the row. Each case's row and request are made while the profile is OK (a fixture may upload as the installer),
 * then the profile changes for the request alone.
 */
describe.each(['SOSPESO', 'INCOMPLETO'] as const)('an installer whose profile is %s', (stato) => {
  const setStato = async (value: PosatoreStato) => {
    await ctx.db
      .updateTable('posatori')
      .set({ stato: value })
      .where('uuid', '=', await marioUuid())
      .execute();
  };
  let mario: string | undefined;
  const marioUuid = async () => (mario ??= await personOfUser(ctx.db, 'posatori', 'posatore'));

  it.each(authorizationTable.map((line) => [line.label ? `${line.route} (${line.label})` : line.route, line] as const))(
    '%s',
    async (_name, line) => {
      for (const { kind } of casesOf(line).filter((c) => c.role === 'posatore')) {
        const open = line.profileNotOk === 'open';
        const want = open ? expected(line.cells.posatore, kind) : 403;
        const cookie = line.ownSession ? await cookieOf(app, 'posatore') : cookies.posatore;
        const row = await rowFor(line, 'posatore', kind);
        const request = await requestOf(line, row, cookie);
        await setStato(stato);
        try {
          const res = await send(request, cookie, line.stream);
          expect(res.statusCode, `${kind ?? 'route without rows'}: ${res.body.slice(0, 200)}`).toBe(want);
          if (!open) expect(res.json()).toEqual({ res: 'KO', reason: profileNotOkReason(stato) });
        } finally {
          await setStato('OK');
        }
      }
    },
  );
});
