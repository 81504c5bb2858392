import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { searchQuery, searchReply } from '@portal/shared/schemas/search';
import type { Db } from '../../db/database.ts';
import { errorReplies as errors } from '../../plugins/error-envelope.ts';
import { authOf, requireAuth } from '../../plugins/session.ts';
import { search } from './search.service.ts';
import { listTurns } from '../../plugins/list-turns.ts';

/** The toolbar's Cerca: GET /api/ricerca?pricerca=, from 3 characters. */
export function registerSearchRoutes(app: FastifyInstance, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/ricerca',
    {
      preValidation: requireAuth,
      schema: { tags: ['search'], querystring: searchQuery, response: { 200: searchReply, ...errors } },
      config: listTurns,
    },
    (request) => search(db, authOf(request), request.query.pricerca),
  );
}
