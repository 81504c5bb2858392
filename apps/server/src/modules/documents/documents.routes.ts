import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createdReply, okReply } from '@portal/shared/schemas/auth';
import { comboReply } from '@portal/shared/schemas/combos';
import {
  DOCUMENT_MAX_BYTES,
  documentIdParam,
  documentRow,
  documentSaveBody,
  documentsPage,
  documentsQuery,
} from '@portal/shared/schemas/documents';
import type { Db } from '../../db/database.ts';
import { contentDisposition } from '../../lib/content-disposition.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { readUpload } from '../../lib/uploads.ts';
import { errorReplies as errors } from '../../plugins/error-envelope.ts';
import { downloadHeaders } from '../../plugins/security-headers.ts';
import { authOf, requireCapability } from '../../plugins/session.ts';
import type { UsageRecorder } from '../usage-statistics/usage-statistics.service.ts';
import * as service from './documents.service.ts';

/**
 * Documents: the admin uploads, edits and deletes; every role lists, opens and downloads
 * what its group may see. Multipart is registered in this scope only, with the document limits (one file, 20 MB).
 */
export async function registerDocumentsRoutes(
  app: FastifyInstance,
  db: Db,
  files: FileStore,
  usage: UsageRecorder,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 2, fieldSize: 1024, parts: 3, headerPairs: 100 },
    });
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['documents'];
    const manage = requireCapability('documents.manage');
    const read = requireCapability('documents.read');
    const listSchema = { tags, querystring: documentsQuery, response: { 200: documentsPage, ...errors } };

    r.get('/api/docs/admdocs', { preValidation: manage, schema: listSchema }, (request) =>
      service.listAll(db, request.query),
    );
    r.get('/api/docs/docs', { preValidation: read, schema: listSchema }, (request) =>
      service.listMine(db, authOf(request), request.query),
    );
    r.get(
      '/api/docs/combodest',
      { preValidation: manage, schema: { tags, response: { 200: comboReply, ...errors } } },
      () => service.groupOptions(),
    );
    r.get(
      '/api/docs/doc/:id',
      { preValidation: read, schema: { tags, params: documentIdParam, response: { 200: documentRow, ...errors } } },
      (request) => service.getDocument(db, authOf(request), request.params.id),
    );
    r.post(
      '/api/docs/doc/:id',
      {
        preValidation: manage,
        schema: { tags, params: documentIdParam, body: documentSaveBody, response: { 200: okReply, ...errors } },
      },
      async (request) => {
        await service.saveDocument(db, authOf(request), request.params.id, request.body);
        return { res: 'OK' as const };
      },
    );
    r.delete(
      '/api/docs/doc/:id',
      { preValidation: manage, schema: { tags, params: documentIdParam, response: { 200: okReply, ...errors } } },
      async (request) => {
        await service.deleteDocument(db, files, authOf(request), request.params.id);
        return { res: 'OK' as const };
      },
    );
    r.post(
      '/api/docs/caricadoc',
      { preValidation: manage, schema: { tags, response: { 200: createdReply, ...errors } } },
      async (request) => ({
        res: 'OK' as const,
        uuid: await service.uploadDocument(db, files, authOf(request), () =>
          readUpload(request, { tooBig: service.DOCUMENT_TOO_BIG }),
        ),
      }),
    );
    r.get(
      '/api/docs/file/:id',
      // The body is the file itself; failures use the usual {res:"KO", reason} envelope.
      { preValidation: read, schema: { tags, params: documentIdParam } },
      async (request, reply) => {
        const file = await service.readFile(db, files, authOf(request), request.params.id);
        await usage('download', authOf(request));
        const pdf = file.ext === 'pdf';
        return reply
          .header('content-type', service.contentTypes[file.ext])
          .header('content-disposition', contentDisposition(file.filename, pdf ? 'inline' : 'attachment'))
          .header('x-content-type-options', 'nosniff')
          .headers(downloadHeaders(pdf))
          .header('cache-control', 'private, no-store')
          .header('content-length', String(file.file.length))
          .send(file.file.body);
      },
    );
  });
}
