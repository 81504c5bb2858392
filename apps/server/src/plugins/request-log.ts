import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';

/**
 * Production request logs, cheap: one JSON line per request, written when it completes (method, url without
 * secrets, client address, status, time), where Fastify writes two (one on arrival, one on completion). A request
 * that never completes is still visible: Fastify logs errors and aborted streams on their own.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/**
 * Log lines go to stdout without blocking the event loop on each write: while one write is under way the next
 * lines gather and leave together, so a busy server writes a few large chunks instead of a line per request.
 * Nothing waits at idle (no minimum buffer), and pino flushes what is left when the process exits.
 */
export const logDestination = () => pino.destination({ dest: 1, sync: false });
