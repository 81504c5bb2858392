import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { statoHomeReply } from '@portal/shared/schemas/home';
import type { Db } from '../../db/database.ts';
import { errorReplies as errors } from '../../plugins/error-envelope.ts';
import { authOf, requireAuth } from '../../plugins/session.ts';
import { statoHome } from './home.service.ts';
import { listTurns } from '../../plugins/list-turns.ts';

/** The home dashboards' figures. */
export function registerHomeRoutes(app: FastifyInstance, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/statohome',
    {
      preValidation: requireAuth,
      schema: { tags: ['home'], response: { 200: statoHomeReply, ...errors } },
      config: listTurns,
    },
    (request) => statoHome(db, authOf(request)),
  );
}
