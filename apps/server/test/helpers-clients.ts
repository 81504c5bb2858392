import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { DEMO_PASSWORD } from '../src/db/seed/demo.ts';
import { demoUser, login } from './helpers.ts';

/** A reply as the client sees it: `statusCode`, `headers`, `body`, and `json()` for the parsed JSON. */
export type Reply = LightMyRequestResponse;

type Extra = { headers?: Record<string, string>; remoteAddress?: string };

/**
 * One caller of the API: the demo user it logged in as (or nobody), sending its session cookie with every request
 * through `app.inject`, as the browser would.
 */
export type ApiClient = {
  /** The Cookie header this client sends ('' for nobody), for tests that pass it on themselves. */
  readonly cookie: string;
  get(url: string, extra?: Extra): Promise<Reply>;
  post(url: string, body?: unknown, extra?: Extra): Promise<Reply>;
  put(url: string, body?: unknown, extra?: Extra): Promise<Reply>;
  delete(url: string, extra?: Extra): Promise<Reply>;
  /** Any other request (a multipart upload, a raw body), with this client's cookie added. */
  inject(options: InjectOptions): Promise<Reply>;
};

/** The four demo users logged in, nobody, and a way to make a client of any other login. */
export type RoleClients = {
  readonly admin: ApiClient;
  readonly capoarea: ApiClient;
  readonly rivenditore: ApiClient;
  readonly posatore: ApiClient;
  /** No session at all: what a stranger's request gets. */
  readonly anonymous: ApiClient;
  /** Logs in through the real endpoint as any user of the test's database. */
  login(user: string, pwd?: string, ip?: string): Promise<ApiClient>;
  /** A client for a Cookie header obtained otherwise (a session made in the test). */
  withCookie(cookie: string): ApiClient;
};

export function clientOf(app: FastifyInstance, cookie: string): ApiClient {
  const inject = (options: InjectOptions): Promise<Reply> => {
    const headers = { ...(cookie ? { cookie } : {}), ...(options.headers as Record<string, string> | undefined) };
    return app.inject({ ...options, headers });
  };
  const withBody = (method: 'POST' | 'PUT', url: string, body: unknown, extra: Extra = {}) =>
    inject({ method, url, headers: extra.headers, remoteAddress: extra.remoteAddress, ...withPayload(body) });
  return {
    cookie,
    inject,
    get: (url, extra = {}) =>
      inject({ method: 'GET', url, headers: extra.headers, remoteAddress: extra.remoteAddress }),
    post: (url, body, extra) => withBody('POST', url, body, extra),
    put: (url, body, extra) => withBody('PUT', url, body, extra),
    delete: (url, extra = {}) =>
      inject({ method: 'DELETE', url, headers: extra.headers, remoteAddress: extra.remoteAddress }),
  };
}

/** A body given as a string or a Buffer is sent as it is; anything else as JSON. */
const withPayload = (body: unknown): Pick<InjectOptions, 'payload'> =>
  body === undefined ? {} : { payload: body as InjectOptions['payload'] };

/**
 * Logs the four demo users in through the real endpoint and gives one client each:
 * `const as = await loginAs(ctx); await as.admin.get('/api/posatori')`.
 */
export async function loginAs(ctx: { app: FastifyInstance }): Promise<RoleClients> {
  const { app } = ctx;
  const [admin, capoarea, rivenditore, posatore] = await Promise.all(
    (['admin', 'capoarea', 'rivenditori', 'posatore'] as const).map((role) => login(app, demoUser[role])),
  );
  return {
    admin: clientOf(app, admin!),
    capoarea: clientOf(app, capoarea!),
    rivenditore: clientOf(app, rivenditore!),
    posatore: clientOf(app, posatore!),
    anonymous: clientOf(app, ''),
    login: async (user, pwd = DEMO_PASSWORD, ip) => clientOf(app, await login(app, user, pwd, ip)),
    withCookie: (cookie) => clientOf(app, cookie),
  };
}
