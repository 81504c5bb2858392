import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { msg } from '@portal/shared/messages-it';

const apiPrefixes = ['/api/', '/auth/'];
const isApi = (url: string) => url === '/api' || url === '/auth' || apiPrefixes.some((p) => url.startsWith(p));

/**
 * Serves the built SPA with history fallback: any unknown non-API GET answers index.html so deep links such as
 * /admin/posatori load the app, while unknown /api and /auth paths answer a JSON 404.
 */
export async function registerStaticSpa(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const index = webDist ? path.join(webDist, 'index.html') : undefined;
  const hasSpa = index !== undefined && fs.existsSync(index);
  if (hasSpa && webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      // One route per file found at start: unknown files fall through to the handler below.
      wildcard: false,
      index: false,
      // Hashed assets never change; index.html must always be revalidated to pick up a new build.
      setHeaders: (res, file) => {
        res.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
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
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
  });
}
