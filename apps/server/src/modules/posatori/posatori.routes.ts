import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { msg } from '@portal/shared/messages-it';
import { okReply } from '@portal/shared/schemas/auth';
import { errorReply } from '@portal/shared/schemas/me';
import {
  posatori4riHome,
  posatoriPage,
  posatoriQuery,
  posatoreProfile,
  posatoreSaveBody,
  uuidParam,
} from '@portal/shared/schemas/posatori';
import type { Db } from '../../db/database.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { HttpError } from '../../plugins/error-envelope.ts';
import { authOf, requireAuth, requireCapability } from '../../plugins/session.ts';
import * as service from './posatori.service.ts';
import type { ScopePart } from './posatori.service.ts';

const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply };

/** A save that fails the type and size checks reads like one that fails the rules: the form's warning, per field. */
function refuseInvalidSave(request: FastifyRequest): void {
  const err = request.validationError;
  if (!err) return;
  const fields: Record<string, string> = {};
  if (hasZodFastifySchemaValidationErrors(err)) {
    for (const issue of err.validation) {
      const name = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || err.validationContext || 'richiesta';
      fields[name] ??= issue.message ?? msg.richiestaNonValida;
    }
  }
  throw new HttpError(400, err.validationContext === 'body' ? msg.correggereCampi : msg.richiestaNonValida, fields);
}

export function registerPosatoriRoutes(app: FastifyInstance, db: Db, files: FileStore): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['posatori'];
  const listSchema = { tags, querystring: posatoriQuery, response: { 200: posatoriPage, ...errors } };

  const lists: [string, Parameters<typeof requireCapability>[0], ScopePart][] = [
    // Admin: every installer; area manager and reseller: their own reach (the same rows as the lists below).
    ['/api/posatori', 'posatori.view', 'any'],
    ['/api/posatori4ca', 'posatori.area', 'capoarea'],
    ['/api/posatori4ri', 'posatori.reseller', 'rivenditori'],
  ];
  for (const [url, capability, part] of lists) {
    r.get(url, { preHandler: requireCapability(capability), schema: listSchema }, (request) =>
      service.listPosatori(db, authOf(request), part, request.query),
    );
  }

  r.get(
    '/api/posatori4ri_home',
    {
      preHandler: requireCapability('posatori.reseller'),
      schema: { tags, response: { 200: posatori4riHome, ...errors } },
    },
    (request) => service.resellerHome(db, authOf(request)),
  );

  r.get(
    '/api/posatori/:id',
    { preHandler: requireAuth, schema: { tags, params: uuidParam, response: { 200: posatoreProfile, ...errors } } },
    (request) => service.getPosatore(db, authOf(request), request.params.id),
  );

  r.post(
    '/api/posatori/:id',
    {
      preHandler: requireAuth,
      attachValidation: true,
      schema: { tags, params: uuidParam, body: posatoreSaveBody, response: { 200: okReply, ...errors } },
    },
    async (request) => {
      refuseInvalidSave(request);
      await service.savePosatore(db, authOf(request), request.params.id, request.body);
      return { res: 'OK' as const };
    },
  );

  r.delete(
    '/api/posatore/:id',
    {
      preHandler: requireCapability('posatori.delete'),
      schema: { tags, params: uuidParam, response: { 200: okReply, ...errors } },
    },
    async (request) => {
      await service.deletePosatore(db, files, authOf(request), request.params.id, request.log);
      return { res: 'OK' as const };
    },
  );
}
