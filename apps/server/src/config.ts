import path from 'node:path';
import { z } from 'zod';

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
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(3650),
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
  /** Audit entries older than this many days are purged by the housekeeping (modules/audit). */
  auditRetentionDays: number;
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
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
  };
}

/** 'true' trusts every proxy; anything else is a comma-separated list of proxy addresses or CIDRs. */
function parseTrustProxy(value: string | undefined): boolean | string {
  if (value === undefined || value === '' || value === 'false') return false;
  return value === 'true' ? true : value;
}
