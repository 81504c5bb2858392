import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createdReply, okReply } from '@portal/shared/schemas/auth';
import { comboReply } from '@portal/shared/schemas/combos';
import {
  DOCUMENT_MAX_BYTES,
  POSTER_MAX_BYTES,
  VIDEO_MAX_BYTES,
  documentIdParam,
  documentRow,
  documentSaveBody,
  documentsPage,
  documentsQuery,
} from '@portal/shared/schemas/documents';
import type { Db } from '../../db/database.ts';
import { contentDisposition } from '../../lib/content-disposition.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { contentRange } from '../../lib/http-range.ts';
import { readUpload, receiveUpload } from '../../lib/uploads.ts';
import { errorReplies as errors } from '../../plugins/error-envelope.ts';
import { downloadHeaders } from '../../plugins/security-headers.ts';
import { authOf, requireCapability } from '../../plugins/session.ts';
import type { UsageRecorder } from '../usage-statistics/usage-statistics.service.ts';
import * as service from './documents.service.ts';
import { listTurns } from '../../plugins/list-turns.ts';

/**
 * Documents: the admin uploads, edits and deletes; every role lists, opens and downloads
 * what its group may see. Multipart is registered in this scope only, with the document limits (one file, 20 MB);
 * the upload raises its file limit to a video's 2 GB and streams (the service keeps 20 MB for other documents).
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

    r.get('/api/docs/admdocs', { preValidation: manage, schema: listSchema, config: listTurns }, (request) =>
      service.listAll(db, request.query),
    );
    r.get('/api/docs/docs', { preValidation: read, schema: listSchema, config: listTurns }, (request) =>
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
        uuid: await service.uploadDocument(db, files, authOf(request), (store) =>
          receiveUpload(request, { tooBig: service.VIDEO_TOO_BIG, maxBytes: VIDEO_MAX_BYTES }, store),
        ),
      }),
    );
    r.post(
      '/api/docs/poster/:id',
      { preValidation: manage, schema: { tags, params: documentIdParam, response: { 200: okReply, ...errors } } },
      async (request) => {
        await service.savePoster(db, files, authOf(request), request.params.id, () =>
          readUpload(request, { tooBig: service.POSTER_TOO_BIG, maxBytes: POSTER_MAX_BYTES }),
        );
        return { res: 'OK' as const };
      },
    );
    r.get(
      '/api/docs/poster/:id',
      { preValidation: read, schema: { tags, params: documentIdParam } },
      async (request, reply) => {
        const poster = await service.readPoster(db, files, authOf(request), request.params.id);
        return reply
          .header('content-type', 'image/jpeg')
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .header('content-length', String(poster.length))
          .send(poster.body);
      },
    );
    r.get(
      '/api/docs/file/:id',
      // The body is the file itself, or the part a Range header asked for (a player seeking in a video); failures
      // use the usual {res:"KO", reason} envelope. Never compressed: a range counts the stored bytes.
      { preValidation: read, schema: { tags, params: documentIdParam }, compress: false },
      async (request, reply) => {
        const { range, 'if-range': ifRange } = request.headers;
        const asked = { range, ifRange: typeof ifRange === 'string' ? ifRange : undefined };
        const file = await service.readFile(db, files, authOf(request), request.params.id, asked);
        reply.header('accept-ranges', 'bytes');
        if (file.status === 416) {
          return reply
            .code(416)
            .header('content-range', contentRange(file.size))
            .send({ res: 'KO', reason: service.RANGE_REFUSED });
        }
        // A player asks for many ranges of one video: one download counted, when it starts at the first byte.
        if (file.start === 0) await usage('download', authOf(request));
        const inline = file.ext === 'pdf' || service.isVideo(file.ext);
        const { length, size } = file.file;
        return reply
          .code(file.status)
          .header('content-type', service.contentTypes[file.ext])
          .header('content-disposition', contentDisposition(file.filename, inline ? 'inline' : 'attachment'))
          .header('x-content-type-options', 'nosniff')
          .headers(downloadHeaders(file.ext === 'pdf'))
          .header('cache-control', 'private, no-store')
          .header('content-length', String(length))
          .headers(
            file.status === 206
              ? { 'content-range': contentRange(size, { start: file.start, end: file.start + length - 1 }) }
              : {},
          )
          .send(file.file.body);
      },
    );
  });
}
