import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createdReply, okReply } from '@portal/shared/schemas/auth';
import {
  accountStatoBody,
  accountStatoReply,
  capoareaPage,
  capoareaProfile,
  capoareaQuery,
  capoareaForm,
} from '@portal/shared/schemas/capoarea';
import { uuidParam } from '@portal/shared/schemas/posatori';
import type { Db } from '../../db/database.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { errorReplies as errors } from '../../plugins/error-envelope.ts';
import { authOf, requireCapability } from '../../plugins/session.ts';
import * as service from './capoarea.service.ts';
import { listTurns } from '../../plugins/list-turns.ts';

/** Area managers: the admin's registry. Their own profile lives in /api/myprofile. */
export function registerCapoareaRoutes(app: FastifyInstance, db: Db, files: FileStore): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['capoarea'];
  const guard = requireCapability('registries.manage');

  r.get(
    '/api/capoarea',
    {
      preValidation: guard,
      schema: { tags, querystring: capoareaQuery, response: { 200: capoareaPage, ...errors } },
      config: listTurns,
    },
    (request) => service.listCapoarea(db, request.query),
  );

  r.post(
    '/api/capoarea',
    {
      preValidation: guard,
      schema: { tags, body: capoareaForm, response: { 200: createdReply, ...errors } },
    },
    async (request) => ({ res: 'OK' as const, uuid: await service.createCapoarea(db, authOf(request), request.body) }),
  );

  r.get(
    '/api/capoarea/:id',
    { preValidation: guard, schema: { tags, params: uuidParam, response: { 200: capoareaProfile, ...errors } } },
    (request) => service.getCapoarea(db, request.params.id),
  );

  r.post(
    '/api/capoarea/:id',
    {
      preValidation: guard,
      schema: { tags, params: uuidParam, body: capoareaForm, response: { 200: okReply, ...errors } },
    },
    async (request) => {
      await service.saveCapoarea(db, authOf(request), request.params.id, request.body);
      return { res: 'OK' as const };
    },
  );

  r.post(
    '/api/capoarea/:id/stato',
    {
      preValidation: guard,
      schema: { tags, params: uuidParam, body: accountStatoBody, response: { 200: accountStatoReply, ...errors } },
    },
    async (request) => ({
      res: 'OK' as const,
      stato: await service.setStato(db, authOf(request), request.params.id, request.body),
    }),
  );

  r.delete(
    '/api/capoarea/:id',
    { preValidation: guard, schema: { tags, params: uuidParam, response: { 200: okReply, ...errors } } },
    async (request) => {
      await service.deleteCapoarea(db, files, authOf(request), request.params.id, request.log);
      return { res: 'OK' as const };
    },
  );
}
