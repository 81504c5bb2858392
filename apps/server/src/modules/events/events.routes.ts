import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf, requireAuth } from '../../plugins/session.ts';
import type { EventHub } from './event-hub.ts';

/**
 * GET /api/events: the logged-in person's live updates as server-sent events (text/event-stream). Each event names a
 * list of theirs that changed ('messages', 'coupons'); 'end' says the session is over. Never compressed (a
 * compressor would hold the events back) and never buffered by nginx (X-Accel-Buffering: no).
 */
export function registerEventsRoutes(app: FastifyInstance, hub: EventHub): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/events',
    {
      preValidation: requireAuth,
      compress: false,
      // No response schema: a 200 is the stream itself; a refusal (401, 429) is the usual JSON envelope.
      schema: { tags: ['shell'] },
    },
    (request, reply) => {
      const auth = authOf(request);
      const stream = hub.open({ userUuid: auth.userUuid, sessionId: auth.sessionId });
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        .send(stream);
    },
  );
}
