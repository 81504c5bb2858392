import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { msg } from '@portal/shared/messages-it';
import { publicPosatoriQuery, publicPosatoriReply } from '@portal/shared/schemas/public-posatori';
import type { Db } from '../../db/database.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { HttpError, TooManyRequests } from '../../plugins/error-envelope.ts';
import { UPLOADED_IMAGE_CSP } from '../../plugins/security-headers.ts';
import type { SendContext } from '../messages/messages.service.ts';
import { storedFileName } from '../images/images.service.ts';
import * as html from './public-posatori.html.ts';
import * as service from './public-posatori.service.ts';
import { listTurns } from '../../plugins/list-turns.ts';

/**
 * Nothing public is kept anywhere longer than a request: a browser or proxy may store a page but must ask again
 * before showing it, so an installer whose 'web' flag goes off is gone from the next view (docs/decisions/0027-public-locator.md).
 */
export const PUBLIC_CACHE = 'no-cache';

const uuidParam = z.object({ uuid: z.uuid() });
/** The contact form's fields arrive as text; their rules are the service's (a refusal re-renders the form). */
const formBody = z.record(z.string(), z.string().max(5000));

/** A refused request of a page, as a page: the reason of the HttpError or of the first schema issue. */
function htmlRefusal(origin: string) {
  return (err: FastifyError, _request: unknown, reply: FastifyReply) => {
    let status = 500;
    let reason: string = msg.erroreInterno;
    if (err instanceof HttpError) {
      status = err.statusCode;
      reason = err.message;
      if (err instanceof TooManyRequests) reply.header('retry-after', String(err.retryAfterSeconds));
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      status = err.validationContext === 'params' ? 404 : 400;
      reason = err.validation[0]?.message ?? msg.richiestaNonValida;
    } else if ((err.statusCode ?? 500) < 500) {
      status = 400;
      reason = msg.richiestaNonValida;
    } else {
      reply.log.error({ err }, 'errore non gestito');
    }
    return reply
      .code(status)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html.errorPageHtml(origin, status, reason));
  };
}

/**
 * The public installer locator, no login: pages written on the server, its JSON twin, the published images, the
 * sitemap and the contact form. The form posts application/x-www-form-urlencoded (a plain HTML form); its parser
 * lives in this scope only. Cross-site posts are refused by the same-origin plugin like every other POST.
 */
export async function registerPublicPosatoriRoutes(
  app: FastifyInstance,
  db: Db,
  files: FileStore,
  ctx: SendContext,
): Promise<void> {
  const origin = new URL(ctx.publicUrl).origin;
  const tags = ['pubblico'];

  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/public/posatori',
      { schema: { tags, querystring: publicPosatoriQuery, response: { 200: publicPosatoriReply } }, config: listTurns },
      async (request, reply) => {
        reply.header('cache-control', PUBLIC_CACHE);
        return service.listPublic(db, request.query);
      },
    );

  app.get('/sitemap.xml', { schema: { tags } }, async (_request, reply) =>
    reply
      .header('cache-control', PUBLIC_CACHE)
      .type('application/xml; charset=utf-8')
      .send(html.sitemapXml(origin, await service.sitemapEntries(db))),
  );
  app.get('/robots.txt', { schema: { tags } }, async (_request, reply) =>
    reply
      .header('cache-control', PUBLIC_CACHE)
      .type('text/plain; charset=utf-8')
      .send(`User-agent: *\nAllow: /trova-posatore\nDisallow: /api/\n\nSitemap: ${origin}/sitemap.xml\n`),
  );

  await app.register(async (scope) => {
    scope.setErrorHandler(htmlRefusal(origin));
    // The portal says no-referrer everywhere; under it a browser posts a plain form with 'Origin: null', which the
    // same-origin plugin refuses. These pages tell their own origin to their own address only.
    scope.addHook('onRequest', (_request, reply, done) => {
      reply.header('referrer-policy', 'same-origin');
      done();
    });
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const page = (reply: FastifyReply, status: number, body: string) =>
      reply.code(status).header('cache-control', PUBLIC_CACHE).type('text/html; charset=utf-8').send(body);

    r.get(
      '/trova-posatore',
      { schema: { tags, querystring: publicPosatoriQuery }, config: listTurns },
      async (request, reply) => {
        const body = await service.listPage(db, request.query, (list, tipi) =>
          html.listPageHtml(origin, request.query, list, tipi),
        );
        return page(reply, 200, body);
      },
    );

    r.get('/trova-posatore/:uuid', { schema: { tags, params: uuidParam } }, async (request, reply) =>
      page(reply, 200, html.detailPageHtml(origin, await service.detailPublic(db, files, request.params.uuid))),
    );

    r.post(
      '/trova-posatore/:uuid/contatto',
      { schema: { tags, params: uuidParam, body: formBody } },
      async (request, reply) => {
        const { uuid } = request.params;
        const outcome = await service.contactInstaller(db, uuid, request.body, request.ip, ctx);
        const detail = await service.detailPublic(db, files, uuid);
        if (outcome.kind === 'sent') return page(reply, 200, html.contactSentHtml(origin, detail));
        return page(reply, 400, html.detailPageHtml(origin, detail, outcome));
      },
    );

    r.get(
      '/trova-posatore/foto/:uuid/:slot/:file',
      {
        schema: {
          tags,
          params: uuidParam.extend({
            slot: z.enum(['profile', 'gallery']),
            file: z.string().regex(storedFileName),
          }),
        },
      },
      async (request, reply) => {
        const { uuid, slot, file } = request.params;
        const found = await service.publicImage(db, files, uuid, slot, file);
        return reply
          .header('content-type', found.contentType)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', UPLOADED_IMAGE_CSP)
          .header('cache-control', PUBLIC_CACHE)
          .header('content-length', String(found.file.length))
          .send(found.file.body);
      },
    );
  });
}
