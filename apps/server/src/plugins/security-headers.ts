import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** The API's own paths: their JSON is never stored by a browser or a proxy unless a route says otherwise. */
const isApiPath = (url: string) =>
  url === '/api' || url === '/auth' || url.startsWith('/api/') || url.startsWith('/auth/');

/**
 * One policy for every reply. Framing: nothing is framed, CSP frame-ancestors 'none' and X-Frame-Options DENY
 * saying the same (older browsers read only the latter); the one exception is below (downloadHeaders). HSTS
 * only when people reach the portal over https (PUBLIC_URL): on plain http it would be ignored at best, and would
 * pin a development host to https at worst.
 */
function securityHeaderOptions(https: boolean) {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI's emotion inserts <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // blob: the admin's browser reads a video being uploaded to draw its poster frame (lib/video-poster.ts).
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // The installable app: its service worker (/sw.js) and manifest, from the portal itself and nowhere else.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
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

export type HeaderSet = Readonly<Record<string, string>>;

/**
 * The headers helmet writes for these options, computed once at start: helmet stays the judge of which headers a
 * reply needs and what they say, and no request pays for building them again (the Fastify plugin re-ran helmet on
 * every request, its CSP included: 4-5 % of a list request's CPU in a profile).
 */
export function securityHeaders(https: boolean): HeaderSet {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => undefined,
  };
  helmet(securityHeaderOptions(https))({} as IncomingMessage, collector as unknown as ServerResponse, () => undefined);
  return Object.freeze(headers);
}

/** The same set with the API's no-store: what the replies written outside Fastify's hooks carry. */
export const apiReplyHeaders = (headers: HeaderSet): HeaderSet =>
  Object.freeze({ ...headers, 'cache-control': 'no-store' });

/**
 * A file somebody uploaded, opened on its own: a sandboxed document that runs nothing and loads nothing, whatever
 * its bytes turn out to be, and that nobody frames.
 */
export const UPLOADED_IMAGE_CSP =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox";

/**
 * An uploaded document or receipt, downloaded. No sandbox: Chromium refuses to start its PDF viewer inside a
 * sandboxed document, and the viewer runs out of our origin. Framing: the documents page previews a document's PDF
 * in an iframe of the portal's own, so that PDF may be framed by the portal and by nobody else (frame-ancestors
 * 'self' and SAMEORIGIN, the two headers saying the same); every other download (a payment's receipt, opened in
 * its own tab, an archive) keeps the rule of every reply, never framed.
 */
export function downloadHeaders(previewedInPortal: boolean): HeaderSet {
  return previewedInPortal
    ? { 'content-security-policy': "default-src 'none'; frame-ancestors 'self'", 'x-frame-options': 'SAMEORIGIN' }
    : { 'content-security-policy': "default-src 'none'; frame-ancestors 'none'", 'x-frame-options': 'DENY' };
}

/** The built scripts and style sheets: hashed files the browser only ever runs or applies, never shows as a page. */
const isBuiltCode = (url: string) => /^\/assets\/[^?#]+\.(?:m?js|css)(?:[?#]|$)/.test(url);

/** Of the set above, what governs a script or a style sheet rather than a document. */
const CODE_HEADERS = [
  'x-content-type-options',
  'cross-origin-resource-policy',
  'referrer-policy',
  'strict-transport-security',
];

/**
 * The headers a built script or style sheet carries: no type sniffing, no reading by another site, the referrer
 * rule for what a style sheet fetches, HSTS. The rest (CSP, framing, the opener and agent-cluster policies, the
 * legacy X- headers) apply to documents and workers, and a browser ignores them on a script: about 560 bytes a
 * response, 27 kB of the 48 scripts the admin's installer list loads first on a phone. The service worker (/sw.js)
 * is not under /assets/ and keeps the whole set.
 */
export const builtCodeHeaders = (headers: HeaderSet): HeaderSet =>
  Object.freeze(Object.fromEntries(Object.entries(headers).filter(([name]) => CODE_HEADERS.includes(name))));

export function registerSecurityHeaders(app: FastifyInstance, headers: HeaderSet): void {
  const codeHeaders = builtCodeHeaders(headers);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isBuiltCode(request.url) ? codeHeaders : headers);
    done();
  });
  app.addHook('onSend', async (request, reply) => {
    if (isApiPath(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}

/**
 * The same headers for the replies Fastify writes before any hook runs (a URL it cannot decode, a path parameter
 * over the limit): they are answered through frameworkErrors, which calls this.
 */
export function applySecurityHeaders(headers: HeaderSet) {
  const reply = apiReplyHeaders(headers);
  return (_req: IncomingMessage, res: ServerResponse) => {
    for (const [name, value] of Object.entries(reply)) res.setHeader(name, value);
  };
}
