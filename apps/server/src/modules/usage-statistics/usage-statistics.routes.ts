import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionsQuery, sessionsReply } from '@portal/shared/schemas/usage-statistics';
import type { Db } from '../../db/database.ts';
import { sendWorkbook } from '../../lib/xlsx-export.ts';
import { errorReplies as errors } from '../../plugins/error-envelope.ts';
import { requireCapability } from '../../plugins/session.ts';
import * as service from './usage-statistics.service.ts';

/** Usage statistics (/admin/sessions): the figures of a date range, and the same as a workbook. Admins only. */
export function registerUsageStatisticsRoutes(app: FastifyInstance, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sessions'];
  const guard = requireCapability('sessions.view');
  r.get(
    '/api/sessions',
    { preValidation: guard, schema: { tags, querystring: sessionsQuery, response: { 200: sessionsReply, ...errors } } },
    (request) => service.usageStatistics(db, request.query),
  );
  r.get(
    '/api/exports/sessions',
    // The body is the workbook; failures use the usual {res:"KO", reason} envelope.
    { preValidation: guard, schema: { tags, querystring: sessionsQuery } },
    async (request, reply) =>
      sendWorkbook(
        request,
        reply,
        'statistiche',
        service.usageSheets(await service.usageStatistics(db, request.query)),
      ),
  );
}
