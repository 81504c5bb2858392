import type { FastifyInstance } from 'fastify';
import { msg } from '@portal/shared/messages-it';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests sent by another site's page (CSRF), on top of the SameSite=Lax cookie.
 * Browsers send Origin on such requests; requests without Origin and Sec-Fetch-Site (curl, server-to-server)
 * carry no ambient cookie risk and pass.
 */
export function registerSameOrigin(app: FastifyInstance, publicUrl: string): void {
  const allowed = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request, reply) => {
    if (safeMethods.has(request.method)) return;
    const origin = request.headers.origin;
    const site = request.headers['sec-fetch-site'];
    const selfOrigin = `${request.protocol}://${request.host}`;
    const originOk = origin === undefined || origin === allowed || origin === selfOrigin;
    const siteOk = site === undefined || site === 'same-origin' || site === 'none';
    if (!originOk || !siteOk) {
      request.log.warn({ origin, site }, 'richiesta da altra origine rifiutata');
      return reply.code(403).send({ res: 'KO', reason: msg.origineNonConsentita });
    }
  });
}
