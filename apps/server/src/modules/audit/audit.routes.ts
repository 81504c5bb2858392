import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditPage, auditQuery } from '@portal/shared/schemas/audit';
import type { Db } from '../../db/database.ts';
import { errorReplies as errors } from '../../plugins/error-envelope.ts';
import { requireCapability } from '../../plugins/session.ts';
import * as service from './audit.service.ts';
import { listTurns } from '../../plugins/list-turns.ts';

/** The audit trail, read-only (admins): no route of the API updates or deletes an entry. */
export function registerAuditRoutes(app: FastifyInstance, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/audit',
    {
      preValidation: requireCapability('audit.view'),
      schema: { tags: ['audit'], querystring: auditQuery, response: { 200: auditPage, ...errors } },
      config: listTurns,
    },
    (request) => service.listAudit(db, request.query),
  );
}
