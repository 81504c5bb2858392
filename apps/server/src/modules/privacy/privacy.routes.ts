import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okReply } from '@portal/shared/schemas/auth';
import { privacyEraseParams, privacyExportFileName } from '@portal/shared/schemas/privacy';
import type { Db } from '../../db/database.ts';
import { todayInRome } from '../../lib/clock.ts';
import { contentDisposition } from '../../lib/content-disposition.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { writeZip } from '../../lib/zip-stream.ts';
import { errorReplies as errors } from '../../plugins/error-envelope.ts';
import { authOf, requireCapability } from '../../plugins/session.ts';
import * as service from './privacy.service.ts';

/** The data-protection rights (docs/decisions/0028): a person's own export, the admin's erasure of a person. */
export function registerPrivacyRoutes(app: FastifyInstance, db: Db, files: FileStore): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['privacy'];

  // Only the logged-in person's own data: the route takes no id, so nobody can ask for another's.
  r.get(
    '/api/privacy/export',
    { preValidation: requireCapability('profile.own'), schema: { tags } },
    async (request, reply) => {
      const zipFiles = await service.exportOwnData(db, files, authOf(request));
      const out = new PassThrough();
      writeZip(out, zipFiles).catch((err: unknown) => {
        if (out.destroyed) {
          request.log.info('export dei dati personali interrotto dal client');
          return;
        }
        request.log.error({ err }, 'export dei dati personali interrotto');
        out.destroy(err instanceof Error ? err : new Error(String(err)));
      });
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDisposition(privacyExportFileName(todayInRome()), 'attachment'))
        .header('cache-control', 'private, no-store')
        .send(out);
    },
  );

  r.post(
    '/api/privacy/erase/:entity/:id',
    {
      preValidation: requireCapability('privacy.erase'),
      schema: { tags, params: privacyEraseParams, response: { 200: okReply, ...errors } },
    },
    async (request) => {
      await service.erasePerson(db, files, authOf(request), request.params.entity, request.params.id);
      return { res: 'OK' as const };
    },
  );
}
