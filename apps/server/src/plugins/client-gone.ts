import type { FastifyInstance } from 'fastify';
import { withRequestResponse } from '../lib/client-gone.ts';

/**
 * Every request runs as the work of its response (lib/client-gone.ts): what waits for the read lane or the PDF
 * thread asks for the request's signal, and the lane drops the queued reads of a client that has gone.
 */
export function registerClientGone(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    withRequestResponse(reply.raw, done);
  });
}
