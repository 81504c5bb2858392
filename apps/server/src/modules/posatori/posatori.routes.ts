import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okReply } from '@portal/shared/schemas/auth';
import {
  posatori4riHome,
  posatoriPage,
  posatoriQuery,
  posatoreProfile,
  posatoreSaveBody,
  sospensioneBody,
  sospensioneReply,
  uuidParam,
} from '@portal/shared/schemas/posatori';
import { accountStatoBody, accountStatoReply } from '@portal/shared/schemas/capoarea';
import { errorReply } from '@portal/shared/schemas/errors';
import type { Db } from '../../db/database.ts';
import type { EmailLinks } from '../auth/accounts.service.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { errorReplies as errors } from '../../plugins/error-envelope.ts';
import { listTurns } from '../../plugins/list-turns.ts';
import { authOf, requireAuth, requireCapability } from '../../plugins/session.ts';
import * as service from './posatori.service.ts';
import type { PosatoriScopePart } from '../reach/posatori-reach.ts';

export function registerPosatoriRoutes(app: FastifyInstance, db: Db, files: FileStore, links: EmailLinks): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['posatori'];
  const listSchema = { tags, querystring: posatoriQuery, response: { 200: posatoriPage, ...errors } };

  const lists: [string, Parameters<typeof requireCapability>[0], PosatoriScopePart][] = [
    // Admin: every installer; area manager and reseller: their own reach (the same rows as the lists below).
    ['/api/posatori', 'posatori.view', 'any'],
    ['/api/posatori4ca', 'posatori.area', 'capoarea'],
    ['/api/posatori4ri', 'posatori.reseller', 'rivenditori'],
  ];
  for (const [url, capability, part] of lists) {
    r.get(url, { preValidation: requireCapability(capability), schema: listSchema, config: listTurns }, (request) =>
      service.listPosatori(db, authOf(request), part, request.query),
    );
  }

  r.get(
    '/api/posatori4ri_home',
    {
      preValidation: requireCapability('posatori.reseller'),
      schema: { tags, response: { 200: posatori4riHome, ...errors } },
      config: listTurns,
    },
    (request) => service.resellerHome(db, authOf(request)),
  );

  r.get(
    '/api/posatori/:id',
    { preValidation: requireAuth, schema: { tags, params: uuidParam, response: { 200: posatoreProfile, ...errors } } },
    (request) => service.getPosatore(db, authOf(request), request.params.id),
  );

  r.post(
    '/api/posatori/:id',
    {
      preValidation: requireAuth,
      schema: { tags, params: uuidParam, body: posatoreSaveBody, response: { 200: okReply, ...errors } },
    },
    async (request) => {
      await service.savePosatore(db, authOf(request), request.params.id, request.body, links);
      return { res: 'OK' as const };
    },
  );

  // The admin's decisions on an installer: suspend or reinstate, and the login switch.
  r.post(
    '/api/posatori/:id/sospensione',
    {
      preValidation: requireCapability('posatori.manage'),
      schema: {
        tags,
        params: uuidParam,
        body: sospensioneBody,
        response: { 200: sospensioneReply, ...errors, 409: errorReply },
      },
    },
    async (request) => ({
      res: 'OK' as const,
      stato: await service.setSospeso(db, authOf(request), request.params.id, request.body.sospeso),
    }),
  );

  r.post(
    '/api/posatori/:id/accesso',
    {
      preValidation: requireCapability('posatori.manage'),
      schema: { tags, params: uuidParam, body: accountStatoBody, response: { 200: accountStatoReply, ...errors } },
    },
    async (request) => ({
      res: 'OK' as const,
      stato: await service.setAccesso(db, authOf(request), request.params.id, request.body.stato),
    }),
  );

  r.delete(
    '/api/posatore/:id',
    {
      preValidation: requireCapability('posatori.delete'),
      schema: { tags, params: uuidParam, response: { 200: okReply, ...errors } },
    },
    async (request) => {
      await service.deletePosatore(db, files, authOf(request), request.params.id, request.log);
      return { res: 'OK' as const };
    },
  );
}
