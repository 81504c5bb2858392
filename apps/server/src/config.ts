import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { S3StoreConfig } from './lib/file-store-s3.ts';
import type { RateLimits } from './plugins/rate-limits.ts';

const boolFlag = z
  .enum(['0', '1', 'true', 'false'])
  .transform((v) => v === '1' || v === 'true')
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).optional(),
  INIT_CWD: z.string().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL deve iniziare con postgres://')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL deve iniziare con smtp:// o smtps://')
    .optional(),
  SMTP_FROM: z.string().default('Portale Posatori <noreply@portale-posatori.it>'),
  PUBLIC_URL: z.url().optional(),
  PORTAL_DEMO: boolFlag,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: z.string().optional(),
  MAIL_PACE_MS: z.coerce.number().int().min(0).max(60_000).default(200),
  FILE_STORE: z
    .string()
    .regex(
      /^(disk|s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/[A-Za-z0-9][A-Za-z0-9._-]*)*\/?)$/,
      'FILE_STORE deve essere disk oppure s3://bucket[/prefisso]',
    )
    .default('disk'),
  AWS_REGION: z.string().min(1).optional(),
  AWS_DEFAULT_REGION: z.string().min(1).optional(),
  AWS_ENDPOINT_URL_S3: z.url().optional(),
  AWS_ENDPOINT_URL: z.url().optional(),
  AWS_ACCESS_KEY_ID: z.string().min(1).optional(),
  AWS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  AWS_SESSION_TOKEN: z.string().min(1).optional(),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
  READ_LANE_CONNECTIONS: z.coerce.number().int().min(1).max(10).default(1),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  RATE_LIMIT_AUTH_PER_ADDRESS: z.coerce.number().int().min(0).default(300),
  RATE_LIMIT_AUTH_PER_ACCOUNT: z.coerce.number().int().min(0).default(100),
  RATE_LIMIT_UPLOADS: z.coerce.number().int().min(0).default(300),
  RATE_LIMIT_SENDS: z.coerce.number().int().min(0).default(120),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN deve avere almeno 16 caratteri').optional(),
  WORK_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(3650),
  EVENTS_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(55).default(25),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  smtpFrom: string;
  publicUrl: string;
  /** Seed the demo dataset on an empty database: never in production. */
  demo: boolean;
  logLevel: string;
  /** Built SPA served with history fallback; absent in API-only tests. */
  webDist: string | undefined;
  session: { idleMinutes: number; absoluteHours: number; secureCookie: boolean };
  /** Fastify trustProxy: behind a load balancer the client address (used by login throttling) is in X-Forwarded-For. */
  trustProxy: boolean | string;
  /** Pause between two e-mails of the queue (modules/mail/mail-queue.ts): 200 ms is 5 a second, what most SMTP relays take. */
  mailPaceMs: number;
  /** Where stored files live: DATA_DIR/files, or a bucket (FILE_STORE=s3://bucket/prefix). */
  fileStore: { kind: 'disk' } | S3StoreConfig;
  /**
   * Background work held by one instance at a time (a mass activation) is leased for this long and renewed as it
   * goes; when its process dies, another instance takes it over once the lease runs out.
   */
  workLeaseSeconds: number;
  /** Requests allowed per window at the edge (plugins/rate-limits.ts); 0 turns one off. */
  rateLimits: RateLimits;
  /** When set, GET /metrics answers only `Authorization: Bearer <token>`. */
  metricsToken: string | undefined;
  /** Worker processes sharing the port (node:cluster); 1 runs the server in this process alone. */
  webConcurrency: number;
  /**
   * PostgreSQL: the read lane's connections per process (db/read-lane.ts), how many heavy reads run side by side.
   * One keeps a machine that also runs the database responsive; a database server of its own can take more.
   */
  readLaneConnections: number;
  /** Audit entries older than this many days are purged by the housekeeping (modules/audit). */
  auditRetentionDays: number;
  /**
   * How often a live-update stream (GET /api/events) gets a heartbeat and its session is checked: below the 60 s
   * after which nginx drops a silent proxied connection; an expired session's stream ends within it.
   */
  eventsHeartbeatMs: number;
};

const here = path.dirname(new URL(import.meta.url).pathname);
const repoRoot = path.resolve(here, '../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Configurazione non valida:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const production = e.NODE_ENV === 'production';
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    // The default lives at the repository root whatever folder npm runs the server from; a relative DATA_DIR is
    // taken from where the command was typed (npm's INIT_CWD), as people expect.
    dataDir: e.DATA_DIR ? path.resolve(e.INIT_CWD ?? process.cwd(), e.DATA_DIR) : path.join(repoRoot, 'data'),
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    publicUrl,
    demo: !production && (e.PORTAL_DEMO ?? true),
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ?? path.resolve(here, '../../web/dist'),
    session: { idleMinutes: 30, absoluteHours: 12, secureCookie: publicUrl.startsWith('https://') },
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    mailPaceMs: e.MAIL_PACE_MS,
    fileStore: parseFileStore(e),
    workLeaseSeconds: e.WORK_LEASE_SECONDS,
    rateLimits: {
      windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS,
      authPerAddress: e.RATE_LIMIT_AUTH_PER_ADDRESS,
      authPerAccount: e.RATE_LIMIT_AUTH_PER_ACCOUNT,
      uploadsPerClient: e.RATE_LIMIT_UPLOADS,
      sendsPerClient: e.RATE_LIMIT_SENDS,
    },
    metricsToken: e.METRICS_TOKEN,
    webConcurrency: e.WEB_CONCURRENCY ?? os.availableParallelism(),
    readLaneConnections: e.READ_LANE_CONNECTIONS,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    eventsHeartbeatMs: e.EVENTS_HEARTBEAT_SECONDS * 1000,
  };
}

/**
 * FILE_STORE=s3://bucket/prefix, with the AWS SDK's standard variables: an endpoint (AWS_ENDPOINT_URL_S3) means an
 * S3-compatible provider addressed path-style; without a region the SDK would refuse to start, and us-east-1 is what
 * MinIO and most providers accept.
 */
function parseFileStore(e: z.infer<typeof envSchema>): Config['fileStore'] {
  if (e.FILE_STORE === 'disk') return { kind: 'disk' };
  const [bucket = '', ...prefix] = e.FILE_STORE.slice('s3://'.length).split('/').filter(Boolean);
  return {
    kind: 's3',
    bucket,
    prefix: prefix.join('/'),
    region: e.AWS_REGION ?? e.AWS_DEFAULT_REGION ?? 'us-east-1',
    endpoint: e.AWS_ENDPOINT_URL_S3 ?? e.AWS_ENDPOINT_URL,
    credentials:
      e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
        ? {
            accessKeyId: e.AWS_ACCESS_KEY_ID,
            secretAccessKey: e.AWS_SECRET_ACCESS_KEY,
            ...(e.AWS_SESSION_TOKEN ? { sessionToken: e.AWS_SESSION_TOKEN } : {}),
          }
        : undefined,
  };
}

/** 'true' trusts every proxy; anything else is a comma-separated list of proxy addresses or CIDRs. */
function parseTrustProxy(value: string | undefined): boolean | string {
  if (value === undefined || value === '' || value === 'false') return false;
  return value === 'true' ? true : value;
}
