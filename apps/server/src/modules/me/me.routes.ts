import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okReply } from '@portal/shared/schemas/auth';
import { errorReply } from '@portal/shared/schemas/errors';
import { avatarReply, meReply, myProfileReply } from '@portal/shared/schemas/me';
import type { Db } from '../../db/database.ts';
import type { EmailLinks } from '../auth/accounts.service.ts';
import { errorReplies } from '../../plugins/error-envelope.ts';
import { authOf, requireAuth } from '../../plugins/session.ts';
import { getAvatar, getMe } from './me.service.ts';
import { getMyProfile, saveMyProfile } from './my-profile.service.ts';

/** The shape depends on the caller's role (adminProfileForm, capoareaOwnForm, rivenditoreOwnForm): checked there. */
const myProfileBody = z.record(z.string(), z.unknown());

export function registerMeRoutes(app: FastifyInstance, db: Db, links: EmailLinks): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['shell'];
  r.get(
    '/api/avatar',
    { preValidation: requireAuth, schema: { tags, response: { 200: avatarReply, 401: errorReply } } },
    (request) => getAvatar(db, authOf(request)),
  );
  r.get(
    '/api/me',
    { preValidation: requireAuth, schema: { tags, response: { 200: meReply, 401: errorReply } } },
    (request) => getMe(db, authOf(request)),
  );
  r.get(
    '/api/myprofile',
    { preValidation: requireAuth, schema: { tags, response: { 200: myProfileReply, ...errorReplies } } },
    (request) => getMyProfile(db, authOf(request)),
  );
  r.post(
    '/api/myprofile',
    { preValidation: requireAuth, schema: { tags, body: myProfileBody, response: { 200: okReply, ...errorReplies } } },
    async (request) => {
      await saveMyProfile(db, authOf(request), request.body, links);
      return { res: 'OK' as const };
    },
  );
}
