import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { avatarReply, errorReply, meReply } from '@portal/shared/schemas/me';
import type { Db } from '../../db/database.ts';
import { authOf, requireAuth } from '../../plugins/session.ts';
import { getAvatar, getMe } from './me.service.ts';

export function registerMeRoutes(app: FastifyInstance, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['shell'];
  r.get(
    '/api/avatar',
    { preHandler: requireAuth, schema: { tags, response: { 200: avatarReply, 401: errorReply } } },
    (request) => getAvatar(db, authOf(request)),
  );
  r.get(
    '/api/me',
    { preHandler: requireAuth, schema: { tags, response: { 200: meReply, 401: errorReply } } },
    (request) => getMe(db, authOf(request)),
  );
}
