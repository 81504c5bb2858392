import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { msg } from '@portal/shared/messages-it';
import { can, type Capability } from '@portal/shared/permissions';
import type { Role } from '@portal/shared/roles';
import type { Db } from '../db/database.ts';
import { findLiveSession } from '../modules/auth/sessions.repository.ts';
import { nowIso } from '../lib/clock.ts';
import { sha256 } from '../lib/tokens.ts';

/**
 * The session cookie's name. Under https it carries the __Host- prefix: browsers then keep it only when it is
 * Secure, for Path=/ and without a Domain, so no subdomain and no page served over plain http can set or shadow it.
 * On plain http (development, the tests) a Secure cookie would not be kept at all, so the name stays bare.
 */
export const sessionCookieName = (secure: boolean) => (secure ? '__Host-portale_sid' : 'portale_sid');

export type AuthContext = {
  sessionId: string;
  userUuid: string;
  username: string;
  roles: Role[];
  absoluteExpiresAt: string;
};

/**
 * A session between the password and the second factor ('2fa'), or of an account that must enrol one first
 * ('enrol'): it logs nobody in and reaches only the /auth/2fa endpoints that take it (docs/decisions/0024).
 */
export type PendingLogin = { sessionId: string; userUuid: string; stage: '2fa' | 'enrol' };

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    pendingLogin: PendingLogin | null;
  }
}

/** Loads the session of /api and /auth requests from the cookie; guards below decide what it may do. */
export function registerSession(app: FastifyInstance, db: Db, cookieName: string): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('pendingLogin', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/auth/')) return;
    const token = request.cookies[cookieName];
    if (!token) return;
    const session = await findLiveSession(db, sha256(token), nowIso());
    if (!session) return;
    const { stage, ...auth } = session;
    if (stage === 'full') request.auth = auth;
    else request.pendingLogin = { sessionId: auth.sessionId, userUuid: auth.userUuid, stage };
  });
}

function unauthorized(reply: FastifyReply) {
  return reply.code(401).send({ res: 'KO', reason: msg.nonAutenticato });
}

/*
 * The guards run as preValidation hooks: who asks is settled (401, 403) before the body's schema is checked, so a
 * stranger learns nothing from a 400.
 */

/** Any logged-in user. */
export const requireAuth: preValidationAsyncHookHandler = async (request, reply) => {
  if (!request.auth) return unauthorized(reply);
};

/** Logged in (401 otherwise) and holding the capability (403 otherwise; the table is in permissions.ts). */
export function requireCapability(capability: Capability): preValidationAsyncHookHandler {
  return async (request, reply) => {
    if (!request.auth) return unauthorized(reply);
    if (!can(request.auth.roles, capability)) return reply.code(403).send({ res: 'KO', reason: msg.nonAutorizzato });
  };
}

/** A session waiting for its second factor's code (POST /auth/2fa/verify); 401 otherwise. */
export const requirePendingCode: preValidationAsyncHookHandler = async (request, reply) => {
  if (request.pendingLogin?.stage !== '2fa') return unauthorized(reply);
};

/** Logged in, or an account's session that must enrol before anything else (the enrolment endpoints); 401 otherwise. */
export const requireAuthOrEnrolment: preValidationAsyncHookHandler = async (request, reply) => {
  if (!request.auth && request.pendingLogin?.stage !== 'enrol') return unauthorized(reply);
};

/** For handlers behind a guard: the session is certainly there. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new Error('authOf used on a route without a guard');
  return request.auth;
}
