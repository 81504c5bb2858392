import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createdReply, okReply } from '@portal/shared/schemas/auth';
import { accountStatoBody, accountStatoReply } from '@portal/shared/schemas/capoarea';
import { uuidParam } from '@portal/shared/schemas/posatori';
import {
  rivenditoreProfile,
  rivenditoreForm,
  rivenditoriPage,
  rivenditoriQuery,
} from '@portal/shared/schemas/rivenditori';
import type { Db } from '../../db/database.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { errorReplies as errors } from '../../plugins/error-envelope.ts';
import { authOf, requireCapability } from '../../plugins/session.ts';
import * as service from './rivenditori.service.ts';
import { listTurns } from '../../plugins/list-turns.ts';

/**
 * Resellers. The admin manages them; an area manager reads those in reach (their form
 * has no save); a reseller reaches only their own record, through /api/myprofile.
 */
export function registerRivenditoriRoutes(app: FastifyInstance, db: Db, files: FileStore): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['rivenditori'];
  const manage = requireCapability('registries.manage');
  const listSchema = { tags, querystring: rivenditoriQuery, response: { 200: rivenditoriPage, ...errors } };

  // Admin: every reseller; area manager: their reach (the same rows as /api/rivenditori_ca).
  r.get(
    '/api/rivenditori',
    { preValidation: requireCapability('rivenditori.view'), schema: listSchema, config: listTurns },
    (request) => service.listRivenditori(db, authOf(request), 'any', request.query),
  );
  r.get(
    '/api/rivenditori_ca',
    { preValidation: requireCapability('rivenditori.area'), schema: listSchema, config: listTurns },
    (request) => service.listRivenditori(db, authOf(request), 'capoarea', request.query),
  );

  r.get(
    '/api/rivenditore/:id',
    {
      preValidation: requireCapability('rivenditori.view'),
      schema: { tags, params: uuidParam, response: { 200: rivenditoreProfile, ...errors } },
    },
    (request) => service.getRivenditore(db, authOf(request), request.params.id),
  );

  // The path of a new reseller is spelled so by the spec.
  r.post(
    '/api/riventitore',
    {
      preValidation: manage,
      schema: { tags, body: rivenditoreForm, response: { 200: createdReply, ...errors } },
    },
    async (request) => {
      return { res: 'OK' as const, uuid: await service.createRivenditore(db, authOf(request), request.body) };
    },
  );

  r.post(
    '/api/rivenditore/:id',
    {
      preValidation: manage,
      schema: { tags, params: uuidParam, body: rivenditoreForm, response: { 200: okReply, ...errors } },
    },
    async (request) => {
      await service.saveRivenditore(db, authOf(request), request.params.id, request.body);
      return { res: 'OK' as const };
    },
  );

  r.post(
    '/api/rivenditore/:id/stato',
    {
      preValidation: manage,
      schema: { tags, params: uuidParam, body: accountStatoBody, response: { 200: accountStatoReply, ...errors } },
    },
    async (request) => ({
      res: 'OK' as const,
      stato: await service.setStato(db, authOf(request), request.params.id, request.body),
    }),
  );

  r.delete(
    '/api/rivenditore/:id',
    { preValidation: manage, schema: { tags, params: uuidParam, response: { 200: okReply, ...errors } } },
    async (request) => {
      await service.deleteRivenditore(db, files, authOf(request), request.params.id, request.log);
      return { res: 'OK' as const };
    },
  );
}
