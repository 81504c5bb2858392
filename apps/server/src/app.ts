import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import path from 'node:path';
import { sql } from 'kysely';
import '@portal/shared/zod-it';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { createFileStore } from './lib/file-store.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { registerCapoareaRoutes } from './modules/capoarea/capoarea.routes.ts';
import { registerCombosRoutes } from './modules/combos/combos.routes.ts';
import { registerImagesRoutes } from './modules/images/images.routes.ts';
import { registerMeRoutes } from './modules/me/me.routes.ts';
import { registerPagamentiRoutes } from './modules/partners/pagamenti.routes.ts';
import { registerPartnersRoutes } from './modules/partners/partners.routes.ts';
import { registerPosatoriRoutes } from './modules/posatori/posatori.routes.ts';
import { registerRivenditoriRoutes } from './modules/rivenditori/rivenditori.routes.ts';
import { registerErrorEnvelope } from './plugins/error-envelope.ts';
import { registerSameOrigin } from './plugins/same-origin.ts';
import { registerSession } from './plugins/session.ts';
import { registerStaticSpa } from './plugins/static-spa.ts';

export type AppDeps = { config: Config; db: Db; mailer?: Mailer };

/** Secrets never reach the logs: cookies, passwords and the token in a reset link are masked. */
const redactUrl = (url: string) => url.replace(/\/resetpwd\/[^/?#]+/, '/resetpwd/***');

/**
 * Builds the whole application without listening, so tests drive it through app.inject and main.ts decides how
 * to run it. The database is owned by the caller.
 */
export async function buildApp({ config, db, mailer }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
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
    logController: new LogController({ disableRequestLogging: config.env === 'test' }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorEnvelope(app);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI's emotion inserts <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyCookie);

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
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerSession(app, db);
  registerSameOrigin(app, config.publicUrl);

  const mail =
    mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.smtpFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
      log: app.log,
    });
  const auth = createAuthService({ db, mailer: mail, publicUrl: config.publicUrl, session: config.session });

  app.get('/health', { schema: { tags: ['system'], hide: false } }, async () => {
    await sql`select 1`.execute(db);
    return { status: 'ok' };
  });
  registerAuthRoutes(app, auth, {
    secure: config.session.secureCookie,
    maxAgeSeconds: config.session.absoluteHours * 3600,
  });
  registerMeRoutes(app, db);
  const files = createFileStore(config);
  registerCombosRoutes(app, db);
  registerPosatoriRoutes(app, db, files);
  await registerImagesRoutes(app, db, files);
  registerPartnersRoutes(app, db, files);
  await registerPagamentiRoutes(app, db, files);
  registerCapoareaRoutes(app, db, files);
  registerRivenditoriRoutes(app, db, files);

  await registerStaticSpa(app, config.webDist);
  return app;
}
