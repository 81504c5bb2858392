import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminResetBody,
  checkReply,
  loggedInReply,
  loginReply,
  okReply,
  resultReply,
} from '@portal/shared/schemas/auth';
import {
  loginBody,
  resetPasswordBody,
  resetRequestBody,
  twoFactorCodeBody,
  twoFactorDisableBody,
} from '@portal/shared/schemas/auth-forms';
import { emailConfirmBody, pendingEmailReply } from '@portal/shared/schemas/email-change';
import { errorReply } from '@portal/shared/schemas/errors';
import { twoFactorEnableReply, twoFactorSetupReply, twoFactorStateReply } from '@portal/shared/schemas/two-factor';
import { z } from 'zod';
import { sha256 } from '../../lib/tokens.ts';
import { HttpError } from '../../plugins/error-envelope.ts';
import {
  authOf,
  requireAuth,
  requireAuthOrEnrolment,
  requireCapability,
  requirePendingCode,
} from '../../plugins/session.ts';
import type { AuthService } from './auth.service.ts';

const emptyBody = z.object({}).loose().optional();

export function registerAuthRoutes(
  app: FastifyInstance,
  auth: AuthService,
  cookie: { name: string; secure: boolean; maxAgeSeconds: number },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  const setSessionCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(cookie.name, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: cookie.secure,
      maxAge: cookie.maxAgeSeconds,
    });
  const clientOf = (request: FastifyRequest) => {
    const previous = request.cookies[cookie.name];
    return {
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? '',
      previousSession: previous ? sha256(previous) : undefined,
    };
  };

  r.get('/auth/check', { schema: { tags, response: { 200: checkReply } } }, async (request) => ({
    role: request.auth?.roles ?? [],
  }));

  r.post(
    '/auth/login',
    { schema: { tags, body: loginBody, response: { 200: loginReply, 400: errorReply } } },
    async (request, reply) => {
      const outcome = await auth.login(request.body.user, request.body.pwd, clientOf(request));
      if (!outcome.ok) return { res: 'KO' as const };
      setSessionCookie(reply, outcome.token);
      if (outcome.stage === '2fa') return { res: '2FA' as const };
      if (outcome.stage === 'enrol') return { res: 'ENROL' as const };
      return { res: 'OK' as const, role: outcome.roles };
    },
  );

  r.post('/auth/logout', { schema: { tags, body: emptyBody, response: { 200: okReply } } }, async (request, reply) => {
    const pending = request.auth ?? request.pendingLogin;
    if (pending) await auth.logout(pending.sessionId, pending.userUuid);
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

  // An own change of address (docs/decisions/0022): its link needs no session, it may be opened on another device.
  r.post(
    '/auth/email/confirm',
    { schema: { tags, body: emailConfirmBody, response: { 200: okReply, 400: errorReply } } },
    async (request) => {
      await auth.confirmEmailChange(request.body.token);
      return { res: 'OK' as const };
    },
  );

  r.get(
    '/auth/email/pending',
    { preValidation: requireAuth, schema: { tags, response: { 200: pendingEmailReply, 401: errorReply } } },
    async (request) => {
      const pending = await auth.pendingEmailChange(authOf(request).userUuid);
      return { email: pending?.email ?? null, expiresAt: pending?.expiresAt ?? null };
    },
  );

  registerTwoFactorRoutes();

  /** The second login factor (docs/decisions/0024). */
  function registerTwoFactorRoutes() {
    const refusals = { 400: errorReply, 401: errorReply };
    /** The account of a logged-in session or of one that must enrol (the guard let only those through). */
    const enrollingUser = (request: FastifyRequest) => request.auth?.userUuid ?? request.pendingLogin?.userUuid ?? '';

    r.get(
      '/auth/2fa',
      { preValidation: requireAuth, schema: { tags, response: { 200: twoFactorStateReply, 401: errorReply } } },
      async (request) => {
        const session = authOf(request);
        return auth.twoFactorState(session.userUuid, session.roles);
      },
    );

    r.post(
      '/auth/2fa/setup',
      {
        preValidation: requireAuthOrEnrolment,
        schema: { tags, body: emptyBody, response: { 200: twoFactorSetupReply, ...refusals } },
      },
      async (request) => auth.setup(enrollingUser(request)),
    );

    r.post(
      '/auth/2fa/enable',
      {
        preValidation: requireAuthOrEnrolment,
        schema: { tags, body: twoFactorCodeBody, response: { 200: twoFactorEnableReply, ...refusals } },
      },
      async (request, reply) => {
        const enrolment = !request.auth;
        const outcome = await auth.enable(enrollingUser(request), request.body.code, clientOf(request), enrolment);
        // An enrolment session becomes a logged-in one: the account now has the factor its role requires.
        if (outcome.token) setSessionCookie(reply, outcome.token);
        return { res: 'OK' as const, recoveryCodes: outcome.recoveryCodes };
      },
    );

    r.post(
      '/auth/2fa/verify',
      {
        preValidation: requirePendingCode,
        schema: { tags, body: twoFactorCodeBody, response: { 200: loggedInReply, ...refusals } },
      },
      async (request, reply) => {
        const pending = request.pendingLogin;
        const outcome = await auth.verifyLogin(pending?.userUuid ?? '', request.body.code, clientOf(request));
        setSessionCookie(reply, outcome.token);
        return { res: 'OK' as const, role: outcome.roles };
      },
    );

    r.post(
      '/auth/2fa/disable',
      {
        preValidation: requireAuth,
        schema: { tags, body: twoFactorDisableBody, response: { 200: okReply, ...refusals } },
      },
      async (request) => {
        const session = authOf(request);
        await auth.disable(session.userUuid, session.roles, request.body.pwd, request.body.code, request.ip);
        return { res: 'OK' as const };
      },
    );
  }
}
