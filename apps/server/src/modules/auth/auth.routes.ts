import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminResetBody, checkReply, loginReply, okReply, resultReply } from '@portal/shared/schemas/auth';
import { loginBody, resetPasswordBody, resetRequestBody } from '@portal/shared/schemas/auth-forms';
import { errorReply } from '@portal/shared/schemas/errors';
import { z } from 'zod';
import { sha256 } from '../../lib/tokens.ts';
import { HttpError } from '../../plugins/error-envelope.ts';
import { authOf, requireAuth, requireCapability } from '../../plugins/session.ts';
import type { AuthService } from './auth.service.ts';

const emptyBody = z.object({}).loose().optional();

export function registerAuthRoutes(
  app: FastifyInstance,
  auth: AuthService,
  cookie: { name: string; secure: boolean; maxAgeSeconds: number },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];

  r.get('/auth/check', { schema: { tags, response: { 200: checkReply } } }, async (request) => ({
    role: request.auth?.roles ?? [],
  }));

  r.post(
    '/auth/login',
    { schema: { tags, body: loginBody, response: { 200: loginReply, 400: errorReply } } },
    async (request, reply) => {
      const previous = request.cookies[cookie.name];
      const outcome = await auth.login(
        request.body.user,
        request.body.pwd,
        request.ip,
        request.headers['user-agent'] ?? '',
        previous ? sha256(previous) : undefined,
      );
      if (!outcome.ok) return { res: 'KO' as const };
      reply.setCookie(cookie.name, outcome.token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: cookie.secure,
        maxAge: cookie.maxAgeSeconds,
      });
      return { res: 'OK' as const, role: outcome.roles };
    },
  );

  r.post('/auth/logout', { schema: { tags, body: emptyBody, response: { 200: okReply } } }, async (request, reply) => {
    if (request.auth) await auth.logout(request.auth.sessionId, request.auth.userUuid);
    reply.clearCookie(cookie.name, { path: '/', secure: cookie.secure });
    return { res: 'OK' as const };
  });

  r.post(
    '/auth/renew',
    { preValidation: requireAuth, schema: { tags, body: emptyBody, response: { 200: okReply, 401: errorReply } } },
    async (request) => {
      const session = authOf(request);
      await auth.renew(session.sessionId, session.absoluteExpiresAt);
      return { res: 'OK' as const };
    },
  );

  r.post(
    '/auth/resetpassword',
    { schema: { tags, body: resetRequestBody, response: { 200: okReply, 400: errorReply } } },
    async (request) => {
      await auth.requestReset(request.body.user);
      return { res: 'OK' as const };
    },
  );

  r.post(
    '/auth/resetpwd',
    { schema: { tags, body: resetPasswordBody, response: { 200: resultReply, 400: errorReply } } },
    async (request) => {
      const outcome = await auth.resetPassword(request.body.pid, request.body.ppwd);
      if (outcome.ok) return { res: 'OK' as const };
      // A refused password is bad input on a field (the form stays, the link too); a dead link is the spec's KO.
      if (outcome.field) throw new HttpError(400, outcome.reason, { [outcome.field]: outcome.reason });
      return { res: 'KO' as const, reason: outcome.reason };
    },
  );

  r.post(
    '/auth/admin/resetpassword',
    {
      preValidation: requireCapability('passwords.reset'),
      schema: {
        tags,
        body: adminResetBody,
        response: { 200: okReply, 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply },
      },
    },
    async (request) => {
      await auth.adminReset(request.body.user, authOf(request).userUuid);
      return { res: 'OK' as const };
    },
  );
}
