import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** The API's own paths: their JSON is never stored by a browser or a proxy unless a route says otherwise. */
export const isApiPath = (url: string) =>
  url === '/api' || url === '/auth' || url.startsWith('/api/') || url.startsWith('/auth/');

/**
 * One policy for every reply. Framing: CSP frame-ancestors 'none' and X-Frame-Options DENY say the same thing
 * (older browsers read only the latter). HSTS only when people reach the portal over https (PUBLIC_URL): on plain
 * http it would be ignored at best, and would pin a development host to https at worst.
 */
export function securityHeaderOptions(https: boolean) {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI's emotion inserts <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'deny' as const },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
}

/**
 * A file somebody uploaded, opened on its own: a sandboxed document that runs nothing and loads nothing, whatever
 * its bytes turn out to be. PDFs are the exception: Chromium refuses to start its PDF viewer inside a sandboxed
 * document, so a PDF keeps default-src 'none' without the sandbox keyword (the viewer runs out of our origin).
 */
export const UPLOADED_IMAGE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";
export const UPLOADED_PDF_CSP = "default-src 'none'; frame-ancestors 'self'";

export async function registerSecurityHeaders(app: FastifyInstance, https: boolean): Promise<void> {
  await app.register(fastifyHelmet, securityHeaderOptions(https));
  app.addHook('onSend', async (request, reply) => {
    if (isApiPath(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}

/**
 * The same headers for the replies Fastify writes before any hook runs (a URL it cannot decode, a path parameter
 * over the limit): they are answered through frameworkErrors, which calls this.
 */
export function applySecurityHeaders(https: boolean) {
  const apply = helmet(securityHeaderOptions(https));
  return (req: IncomingMessage, res: ServerResponse) => {
    apply(req, res, () => undefined);
    res.setHeader('cache-control', 'no-store');
  };
}
