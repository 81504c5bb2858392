import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { msg } from '@portal/shared/messages-it';
import { routeIndexPages } from './route-preloads.ts';

const apiPrefixes = ['/api/', '/auth/'];
const isApi = (url: string) => url === '/api' || url === '/auth' || apiPrefixes.some((p) => url.startsWith(p));

/** Hashed assets never change: a year, immutable. Everything else (index.html, the icons) is revalidated. */
const immutable = 'public, max-age=31536000, immutable';
const revalidate = 'no-cache';

/**
 * Serves the built SPA with history fallback: any unknown non-API GET answers index.html so deep links such as
 * /admin/posatori load the app, while unknown /api and /auth paths answer a JSON 404.
 *
 * The build writes a brotli (.br) and a gzip (.gz) copy beside every text file; the one the browser accepts is
 * sent as is, with Content-Encoding and Vary: Accept-Encoding, so nothing is compressed per request. The one
 * exception is index.html at a role area's address, which names the scripts that address needs and the data its page
 * asks first (route-preloads.ts): a few variants per page of the build, made at their first request and compressed
 * by @fastify/compress. `sessionCookie` is the session cookie's name: only whether a request carries one counts.
 */
export async function registerStaticSpa(
  app: FastifyInstance,
  webDist: string | undefined,
  sessionCookie: string,
): Promise<void> {
  const index = webDist ? path.join(webDist, 'index.html') : undefined;
  const hasSpa = index !== undefined && fs.existsSync(index);
  const areaPages = hasSpa && webDist ? routeIndexPages(webDist) : undefined;
  if (hasSpa && webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      // One route per file found at start: unknown files fall through to the handler below.
      wildcard: false,
      index: false,
      preCompressed: true,
      // The compressed copies are variants of their file, not addresses of their own.
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders: (res, file) => {
        res.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? immutable : revalidate);
      },
    });
  }
  if (areaPages) {
    // Routes, not the fallback below, so that @fastify/compress compresses these pages as it does the API's replies.
    const sendAreaPage = (request: FastifyRequest, reply: FastifyReply) => {
      const html = areaPages.pageOf(request.url, request.cookies[sessionCookie] !== undefined);
      reply.header('cache-control', revalidate).type('text/html; charset=utf-8');
      return html === undefined ? reply.sendFile('index.html') : reply.send(html);
    };
    for (const role of areaPages.roles) {
      app.get(`/${role}`, { schema: { hide: true } }, sendAreaPage);
      app.get(`/${role}/*`, { schema: { hide: true } }, sendAreaPage);
    }
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (
      isApi(url) ||
      !hasSpa ||
      (request.method !== 'GET' && request.method !== 'HEAD') ||
      url.startsWith('/assets/')
    ) {
      return reply.code(404).send({ res: 'KO', reason: msg.nonTrovato });
    }
    return reply.header('cache-control', revalidate).type('text/html; charset=utf-8').sendFile('index.html');
  });
}
