import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { normalizeLogin } from '@portal/shared/validation/common';
import type { Db } from '../db/database.ts';
import { waitInWords } from '../lib/clock.ts';
import { countHit } from '../modules/rate-limits/rate-limits.repository.ts';
import { TooManyRequests } from './error-envelope.ts';

/** Requests allowed per window (RATE_LIMIT_* in config.ts); 0 turns a limit off. */
export type RateLimits = {
  windowSeconds: number;
  authPerAddress: number;
  authPerAccount: number;
  uploadsPerClient: number;
  sendsPerClient: number;
};

type Result = { isExceeded: boolean; isAllowed: boolean; ttl: number };
type Limiter = (request: FastifyRequest) => Promise<Result>;

/**
 * @fastify/rate-limit's store over the rate_counters table, so that every instance counts the same hits
 * (fixed windows; the plugin hands each call its window and maximum).
 */
function databaseStore(db: Db) {
  return class DatabaseStore {
    incr(key: string, done: (err: Error | null, res?: { current: number; ttl: number }) => void, timeWindow: number) {
      const now = Date.now();
      const slot = Math.floor(now / timeWindow);
      const ends = (slot + 1) * timeWindow;
      countHit(db, key, slot, new Date(ends).toISOString()).then(
        (current) => done(null, { current, ttl: ends - now }),
        (err: unknown) => done(err instanceof Error ? err : new Error(String(err))),
      );
    }
    child() {
      return new DatabaseStore();
    }
  };
}

/** The login a body names (login and reset request), normalized as accounts are: one counter whatever the case. */
const accountOf = (request: FastifyRequest) => {
  const body = request.body as { user?: unknown } | undefined;
  return typeof body?.user === 'string' ? normalizeLogin(body.user) : '';
};
const isUpload = (request: FastifyRequest) =>
  request.method === 'POST' && (request.headers['content-type'] ?? '').startsWith('multipart/form-data');
const isSend = (request: FastifyRequest) =>
  request.method === 'POST' && request.routeOptions.url === '/api/messages/message/:id';
// Logout and renew check no password and keep a working session going: left out.
const unlimitedAuth = new Set(['/auth/logout', '/auth/renew']);
const isAuth = (request: FastifyRequest) =>
  request.method === 'POST' && request.url.startsWith('/auth/') && !unlimitedAuth.has(request.url.split('?')[0] ?? '');

/**
 * Rate limits at the edge, counted in the database across instances: /auth/* per client address (before the body
 * is read) and per account named in the body (before the route's handler, so a refused login never reaches the
 * password hash); uploads and message sends per person (the address when nobody is logged in). A refusal is a 429
 * with the Italian reason and Retry-After. A database that cannot count lets the request through: the limits
 * protect the service, they must not take it down.
 */
export async function registerRateLimits(app: FastifyInstance, db: Db, limits: RateLimits): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    store: databaseStore(db),
    skipOnError: true,
    timeWindow: limits.windowSeconds * 1000,
  });
  const limiter = (name: string, max: number, key: (request: FastifyRequest) => string): Limiter | undefined =>
    max > 0
      ? (app.createRateLimit({ max, keyGenerator: (request) => `${name}:${key(request)}` }) as Limiter)
      : undefined;
  const byAddress = limiter('auth-ip', limits.authPerAddress, (request) => request.ip);
  const byAccount = limiter('auth-user', limits.authPerAccount, accountOf);
  const person = (request: FastifyRequest) => request.auth?.userUuid ?? `ip:${request.ip}`;
  const uploads = limiter('upload', limits.uploadsPerClient, person);
  const sends = limiter('send', limits.sendsPerClient, person);

  const check = async (limit: Limiter | undefined, request: FastifyRequest) => {
    if (!limit) return;
    const result = await limit(request);
    if (!result.isAllowed && result.isExceeded) {
      const seconds = Math.max(1, Math.ceil(result.ttl / 1000));
      throw new TooManyRequests(`Troppe richieste: riprova tra ${waitInWords(seconds)}`, seconds);
    }
  };
  app.addHook('onRequest', async (request) => {
    if (isAuth(request)) await check(byAddress, request);
  });
  app.addHook('preValidation', async (request) => {
    if (isAuth(request) && accountOf(request)) await check(byAccount, request);
    else if (isUpload(request)) await check(uploads, request);
    else if (isSend(request)) await check(sends, request);
  });
}
