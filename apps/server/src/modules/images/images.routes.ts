import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { msg } from '@portal/shared/messages-it';
import { okReply } from '@portal/shared/schemas/auth';
import { galleryName, galleryReply, IMAGE_MAX_BYTES, imageUploadReply } from '@portal/shared/schemas/images';
import type { Db } from '../../db/database.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { readUpload } from '../../lib/uploads.ts';
import { errorReplies as errors } from '../../plugins/error-envelope.ts';
import { UPLOADED_IMAGE_CSP } from '../../plugins/security-headers.ts';
import { authOf, requireAuth } from '../../plugins/session.ts';
import { imageEntityNames } from './images.registry.ts';
import * as service from './images.service.ts';

const uuidParam = z.object({ uuid: z.uuid() });
/** The gallery GET takes a cache breaker such as ?refresh3; it is accepted and ignored. */
const anyQuery = z.object({});

const uploadedFile = async (request: FastifyRequest): Promise<Buffer> =>
  (await readUpload(request, { tooBig: msg.immagineTroppoGrande })).bytes;

/**
 * Profile images and the installer gallery. Multipart is registered in this scope only,
 * with the image limits; other uploads (documents, payments, imports) register their own.
 */
export async function registerImagesRoutes(app: FastifyInstance, db: Db, files: FileStore): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 100 },
    });
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['immagini'];

    r.post(
      '/api/saveimg/:uuid/profile',
      {
        preValidation: requireAuth,
        schema: { tags, params: uuidParam, response: { 200: imageUploadReply, ...errors } },
      },
      async (request) => {
        const owner = await service.editableOwner(db, authOf(request), request.params.uuid);
        const path = await service.saveProfileImage(
          db,
          files,
          authOf(request).userUuid,
          owner,
          await uploadedFile(request),
        );
        return { res: 'OK' as const, path };
      },
    );

    r.post(
      '/api/savemyimg/profile',
      { preValidation: requireAuth, schema: { tags, response: { 200: imageUploadReply, ...errors } } },
      async (request) => {
        const owner = await service.ownOwner(db, authOf(request));
        const path = await service.saveProfileImage(
          db,
          files,
          authOf(request).userUuid,
          owner,
          await uploadedFile(request),
        );
        return { res: 'OK' as const, path };
      },
    );

    r.get(
      '/api/posagallery/:uuid',
      {
        preValidation: requireAuth,
        schema: { tags, params: uuidParam, querystring: anyQuery, response: { 200: galleryReply, ...errors } },
      },
      async (request) =>
        service.listGallery(files, await service.visibleGalleryOwner(db, authOf(request), request.params.uuid)),
    );
    r.post(
      '/api/posagallery/:uuid',
      {
        preValidation: requireAuth,
        schema: { tags, params: uuidParam, response: { 200: imageUploadReply, ...errors } },
      },
      async (request) => {
        const owner = await service.editableOwner(db, authOf(request), request.params.uuid, 'posatori');
        const path = await service.addGalleryImage(
          db,
          files,
          authOf(request).userUuid,
          owner,
          await uploadedFile(request),
        );
        return { res: 'OK' as const, path };
      },
    );
    r.delete(
      '/api/posagallery/:uuid/:name',
      {
        preValidation: requireAuth,
        schema: {
          tags,
          params: uuidParam.extend({ name: galleryName }),
          response: { 200: okReply, ...errors },
        },
      },
      async (request) => {
        const owner = await service.editableOwner(db, authOf(request), request.params.uuid, 'posatori');
        await service.deleteGalleryImage(db, files, authOf(request).userUuid, owner, request.params.name);
        return { res: 'OK' as const };
      },
    );

    r.get(
      '/api/mygallery',
      {
        preValidation: requireAuth,
        schema: { tags, querystring: anyQuery, response: { 200: galleryReply, ...errors } },
      },
      async (request) => service.listGallery(files, await service.ownGalleryOwner(db, authOf(request))),
    );
    r.post(
      '/api/mygallery',
      { preValidation: requireAuth, schema: { tags, response: { 200: imageUploadReply, ...errors } } },
      async (request) => {
        const owner = await service.ownGalleryOwner(db, authOf(request));
        const path = await service.addGalleryImage(
          db,
          files,
          authOf(request).userUuid,
          owner,
          await uploadedFile(request),
        );
        return { res: 'OK' as const, path };
      },
    );
    r.delete(
      '/api/mygallery/:name',
      {
        preValidation: requireAuth,
        schema: { tags, params: z.object({ name: galleryName }), response: { 200: okReply, ...errors } },
      },
      async (request) => {
        const owner = await service.ownGalleryOwner(db, authOf(request));
        await service.deleteGalleryImage(db, files, authOf(request).userUuid, owner, request.params.name);
        return { res: 'OK' as const };
      },
    );

    r.get(
      '/api/files/:entity/:uuid/:slot/:file',
      {
        preValidation: requireAuth,
        schema: {
          tags,
          params: z.object({
            entity: z.enum(imageEntityNames),
            uuid: z.uuid(),
            slot: z.enum(['profile', 'gallery']),
            file: z.string().regex(service.storedFileName),
          }),
          // The body is the image itself; failures use the usual {res:"KO", reason} envelope.
        },
      },
      async (request, reply) => {
        const { entity, uuid, slot, file } = request.params;
        const found = await service.readFile(db, files, authOf(request), { entity, uuid }, slot, file);
        // Names never change content (a new upload gets a new name), but access may: cache privately for a day.
        return reply
          .header('content-type', found.contentType)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', UPLOADED_IMAGE_CSP)
          .header('cache-control', 'private, max-age=86400')
          .header('content-disposition', 'inline')
          .header('content-length', String(found.file.length))
          .send(found.file.body);
      },
    );
  });
}
