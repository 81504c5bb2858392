import type { FastifyInstance } from 'fastify';
import { ClientGone, withRequestSignal } from '../lib/client-gone.ts';

/**
 * Every request runs with a signal that aborts when its client closes the connection before the answer is complete
 * (lib/client-gone.ts); the read lane drops the queued reads of such a request. The response's `close` comes when
 * the connection closes or after the answer went out, so only an unfinished answer aborts.
 */
export function registerClientGone(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    const controller = new AbortController();
    const response = reply.raw;
    response.once('close', () => {
      if (!response.writableFinished) controller.abort(new ClientGone());
    });
    withRequestSignal(controller.signal, done);
  });
}
