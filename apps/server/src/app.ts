import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'kysely';
import '@portal/shared/zod-it';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { createBackground, type Background } from './lib/background.ts';
import { createFileStore } from './lib/open-file-store.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { registerAuditRoutes } from './modules/audit/audit.routes.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { registerCapoareaRoutes } from './modules/capoarea/capoarea.routes.ts';
import { registerCombosRoutes } from './modules/combos/combos.routes.ts';
import { registerCouponTypesRoutes } from './modules/coupon-types/coupon-types.routes.ts';
import { registerCouponsRoutes } from './modules/coupons/coupons.routes.ts';
import { registerExportsRoutes } from './modules/exports/exports.routes.ts';
import { registerReportsRoutes } from './modules/reports/reports.routes.ts';
import { registerMassActivationRoutes } from './modules/mass-activation/mass-activation.routes.ts';
import type { MassActivationDeps } from './modules/mass-activation/mass-activation.service.ts';
import { registerImportsRoutes } from './modules/imports/imports.routes.ts';
import { registerImagesRoutes } from './modules/images/images.routes.ts';
import { registerMeRoutes } from './modules/me/me.routes.ts';
import { registerPagamentiRoutes } from './modules/partners/pagamenti.routes.ts';
import { registerPartnersRoutes } from './modules/partners/partners.routes.ts';
import { registerPrivacyRoutes } from './modules/privacy/privacy.routes.ts';
import { registerPosatoriRoutes } from './modules/posatori/posatori.routes.ts';
import { registerPublicPosatoriRoutes } from './modules/public-posatori/public-posatori.routes.ts';
import { registerDocumentsRoutes } from './modules/documents/documents.routes.ts';
import { createEventHub, type EventHub } from './modules/events/event-hub.ts';
import { registerEventsRoutes } from './modules/events/events.routes.ts';
import { registerHomeRoutes } from './modules/home/home.routes.ts';
import { registerMessagesRoutes } from './modules/messages/messages.routes.ts';
import { registerRivenditoriRoutes } from './modules/rivenditori/rivenditori.routes.ts';
import { registerSearchRoutes } from './modules/search/search.routes.ts';
import { registerUsageStatisticsRoutes } from './modules/usage-statistics/usage-statistics.routes.ts';
import { usageRecorder } from './modules/usage-statistics/usage-statistics.service.ts';
import { registerClientGone } from './plugins/client-gone.ts';
import { registerControlCharacters } from './plugins/control-characters.ts';
import { registerListTurns } from './plugins/list-turns.ts';
import { poolOf } from './db/connect.ts';
import { clientErrorReply, frameworkErrorReply, registerErrorEnvelope } from './plugins/error-envelope.ts';
import { logDestination, OneLinePerRequest } from './plugins/request-log.ts';
import { registerProfileGate } from './plugins/profile-gate.ts';
import { registerReadiness } from './plugins/readiness.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerRateLimits } from './plugins/rate-limits.ts';
import { registerSameOrigin } from './plugins/same-origin.ts';
import {
  apiReplyHeaders,
  applySecurityHeaders,
  registerSecurityHeaders,
  securityHeaders,
} from './plugins/security-headers.ts';
import { registerSession, requireCapability, sessionCookieName } from './plugins/session.ts';
import { registerStaticSpa } from './plugins/static-spa.ts';

export type AppDeps = {
  config: Config;
  db: Db;
  mailer?: Mailer;
  background?: Background;
  /** Sees every route as it is registered (the authorization and fuzz tests read the routes from here). */
  onRoute?: (route: RouteOptions) => void;
  /** How long GET /ready waits for the database and the file store (plugins/readiness.ts). */
  readyTimeoutMs?: number;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Work that follows a reply (lib/background.ts); drained when the app closes. */
    background: Background;
    /** The mailer (SMTP or outbox) the app sends with, also the mail queue's worker's (main.ts). */
    mailer: Mailer;
    /** Wakes the mail queue's worker after something was queued; main.ts connects it, tests may leave it idle. */
    mailSignal: { kick: () => void };
    /** What the mass activation runs with; main.ts resumes with it the runs whose process died. */
    massActivation: MassActivationDeps;
    /** The live-update streams of this process (GET /api/events). */
    events: EventHub;
  }
}

/** Secrets never reach the logs: cookies, passwords and the token in a reset or e-mail confirmation link are masked. */
const redactUrl = (url: string) =>
  url.replace(/\/resetpwd\/[^/?#]+/, '/resetpwd/***').replace(/\/confermaemail\/[^/?#]+/, '/confermaemail/***');

/**
 * Builds the whole application without listening, so tests drive it through app.inject and main.ts decides how
 * to run it. The database is owned by the caller.
 */
export async function buildApp({
  config,
  db,
  mailer,
  background: givenBackground,
  onRoute,
  readyTimeoutMs,
}: AppDeps): Promise<FastifyInstance> {
  const https = config.publicUrl.startsWith('https://');
  const headers = securityHeaders(https);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(config.env === 'test' ? {} : { stream: logDestination() }),
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      serializers: {
        req: (req: { method: string; url: string; ip?: string }) => ({
          method: req.method,
          url: redactUrl(req.url),
          ip: req.ip,
        }),
      },
    },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    // Ids in paths are UUIDs; anything longer is refused before routing.
    routerOptions: { maxParamLength: 200 },
    logController: new OneLinePerRequest({ disableRequestLogging: config.env === 'test' }),
    frameworkErrors: frameworkErrorReply(applySecurityHeaders(headers)),
    clientErrorHandler: clientErrorReply(apiReplyHeaders(headers)),
  });
  if (onRoute) app.addHook('onRoute', onRoute);
  // First of the hooks, so everything after it runs with the request's signal.
  registerClientGone(app);
  // SQLite's work is synchronous: one list at a time; PostgreSQL's lists wait on the pool's connections.
  const listsWaiting = registerListTurns(app, poolOf(db)?.options.max ?? 1);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorEnvelope(app);
  registerControlCharacters(app);

  registerSecurityHeaders(app, headers);
  await app.register(fastifyCookie);
  // API replies above 1 kB go out brotli or gzip, as the client accepts; the SPA's files are compressed at build
  // time (static-spa.ts) and pass through untouched. No request inflation: the 1 MB body limit bounds what arrives.
  // Brotli at quality 3, not the plugin's 4: on a list page (5 kB and 27 kB of JSON) quality 4 took 65-250 us of
  // CPU and quality 3 45-130 us, for 1-4 % more bytes.
  await app.register(fastifyCompress, {
    threshold: 1024,
    globalDecompression: false,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3 } },
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Portale Posatori API',
        version: '1.0.0',
        description: 'API del Portale Posatori (sessione via cookie).',
      },
    },
    transform: jsonSchemaTransform,
  });
  const cookieName = sessionCookieName(config.session.secureCookie);
  registerSession(app, db, cookieName);
  registerProfileGate(app, db);
  registerSameOrigin(app, config.publicUrl);
  await registerRateLimits(app, db, config.rateLimits);
  registerMetrics(app, db, config.metricsToken, listsWaiting);
  // The API's map helps developers; in production it is for administrators only.
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    ...(config.env === 'production' ? { uiHooks: { onRequest: requireCapability('system.docs') } } : {}),
  });

  const mail =
    mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.smtpFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
      log: app.log,
    });
  app.decorate('mailer', mail);
  const mailSignal = { kick: () => {} };
  app.decorate('mailSignal', mailSignal);
  const background = givenBackground ?? createBackground(app.log);
  app.decorate('background', background);
  app.addHook('onClose', () => background.drain());
  // Logins, document downloads and message reads, recorded for the usage statistics (/admin/sessions).
  const usage = usageRecorder(db, app.log);
  const auth = createAuthService({
    db,
    usage,
    mailer: mail,
    background,
    publicUrl: config.publicUrl,
    session: config.session,
    production: config.env === 'production',
  });

  app.get('/health', { schema: { tags: ['system'], hide: false } }, async () => {
    await sql`select 1`.execute(db);
    return { status: 'ok' };
  });
  registerAuthRoutes(app, auth, {
    name: cookieName,
    secure: config.session.secureCookie,
    maxAgeSeconds: config.session.absoluteHours * 3600,
  });
  // The link of an own change of address (docs/decisions/0022), sent at once by the mail worker.
  const emailLinks = { publicUrl: config.publicUrl, onQueued: () => mailSignal.kick() };
  registerMeRoutes(app, db, emailLinks);
  const files = createFileStore(config);
  app.addHook('onClose', () => files.close());
  registerReadiness(app, db, files, readyTimeoutMs);
  registerCombosRoutes(app, db);
  registerPosatoriRoutes(app, db, files, emailLinks);
  await registerImagesRoutes(app, db, files);
  registerPartnersRoutes(app, db, files);
  await registerPagamentiRoutes(app, db, files);
  registerCapoareaRoutes(app, db, files);
  registerRivenditoriRoutes(app, db, files);
  await registerDocumentsRoutes(app, db, files, usage);
  registerHomeRoutes(app, db);
  registerSearchRoutes(app, db);
  registerCouponTypesRoutes(app, db);
  registerCouponsRoutes(app, db);
  registerExportsRoutes(app, db);
  registerReportsRoutes(app, db);
  registerImportsRoutes(app, db);
  registerMessagesRoutes(app, db, { publicUrl: config.publicUrl, onQueued: () => mailSignal.kick() }, usage);
  const massActivation = {
    db,
    background,
    publicUrl: config.publicUrl,
    onQueued: () => mailSignal.kick(),
    leaseSeconds: config.workLeaseSeconds,
  };
  app.decorate('massActivation', massActivation);
  registerMassActivationRoutes(app, massActivation);
  registerUsageStatisticsRoutes(app, db);
  await registerPublicPosatoriRoutes(app, db, files, {
    publicUrl: config.publicUrl,
    onQueued: () => mailSignal.kick(),
  });
  registerAuditRoutes(app, db);
  registerPrivacyRoutes(app, db, files);
  const events = createEventHub(db, app.log, { heartbeatMs: config.eventsHeartbeatMs });
  app.decorate('events', events);
  registerEventsRoutes(app, events);
  // Listening starts with the app; the streams end before the server closes (else it would wait for them), the
  // listening connection after.
  app.addHook('onReady', () => events.start());
  app.addHook('preClose', (done) => {
    events.endStreams();
    done();
  });
  app.addHook('onClose', () => events.stop());

  await registerStaticSpa(app, config.webDist, cookieName);
  return app;
}
