import type { FastifyInstance } from 'fastify';
import { ClientGone, holdTurn } from '../lib/client-gone.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's work keeps the main thread busy (a list, the search: SQLite's reads, the rows and their JSON,
     * some hundreds of microseconds each): its requests take turns (plugins/list-turns.ts).
     */
    listTurns?: boolean;
  }
}

/** The route option of a list: its requests take turns. */
export const listTurns = { listTurns: true };

/**
 * The lists take turns, so that they cannot hold up the light requests. Node answers its connections in the order
 * their bytes arrive: with fifty list requests in the event loop's queue, a GET /health or a login behind them
 * waited for all fifty (the bench's isolation line: p99 68-240 ms beside a list at 50 connections, one process).
 * Here at most `slots` list requests are between their checks and their answer at once; the others wait in
 * order, and the next one starts from `setImmediate`, after the event loop has read the sockets again, so a light
 * request waits for at most the turns in progress. One slot on SQLite, whose work is synchronous; PostgreSQL's are
 * its pool's connections. The lists keep their order; each pays an iteration of the event loop of its own
 * (docs/performance/lists.md measures it). A request whose client leaves while it waits leaves the queue at once
 * and ends as ClientGone (499), without reading anything. Permissions and validation run before the wait (this is a
 * preHandler), so a refusal never queues. A list whose read goes to the read lane (a large folder's subject search,
 * the global search's messages) gives its turn up then, for the rest of the request (lib/client-gone.ts,
 * `leaveTurn`): it would otherwise hold every list behind it for as long as the lane takes. Answers how many list
 * requests wait, at any moment.
 */
export function registerListTurns(app: FastifyInstance, slots: number): () => number {
  let busy = 0;
  const waiting: (() => void)[] = [];
  const next = () => {
    busy -= 1;
    const start = waiting.shift();
    if (start) {
      busy += 1;
      setImmediate(start);
    }
  };

  app.decorateRequest('releaseTurn', null);
  app.addHook('preHandler', (request, reply, done) => {
    if (!request.routeOptions.config.listTurns) return done();
    const response = reply.raw;
    // 'left': it gave its turn up (leaveTurn) and goes on without one.
    let state: 'waiting' | 'working' | 'left' | 'over' = 'waiting';
    const start = () => {
      // Its client left after the turn was handed to it: the turn goes on.
      if (state === 'over') return next();
      state = 'working';
      done();
    };
    // The answer's serialization (onSend) ends the work; `close` ends a request whose client has gone, working or
    // still waiting (then it leaves the queue and ends at once).
    const end = () => {
      if (state === 'working') next();
      else if (state === 'waiting') {
        const queued = waiting.indexOf(start);
        if (queued >= 0) waiting.splice(queued, 1);
        done(new ClientGone());
      }
      state = 'over';
    };
    request.releaseTurn = end;
    response.once('close', end);
    holdTurn(() => {
      if (state !== 'working') return;
      state = 'left';
      next();
    });
    // Even a free turn starts from setImmediate: begun where its bytes were read, the list would run in the same
    // pass over the sockets as every other request read there.
    if (busy < slots) {
      busy += 1;
      setImmediate(start);
    } else waiting.push(start);
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    request.releaseTurn?.();
    done(null, payload);
  });
  // How many wait, for /metrics.
  return () => waiting.length;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Ends the request's list turn (plugins/list-turns.ts); null when it took none. */
    releaseTurn: (() => void) | null;
  }
}
