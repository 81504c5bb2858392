import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import pg from 'pg';
import type { Role } from '@portal/shared/roles';
import { codiceFiscaleCheckChar } from '@portal/shared/validation/codice-fiscale';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { connect } from '../src/db/connect.ts';
import type { Db, DbOrTx } from '../src/db/database.ts';
import { MigrationFailed, migrateToLatest } from '../src/db/migrate.ts';
import { DEMO_PASSWORD, seedDemo } from '../src/db/seed/demo.ts';
import { posatoreKeys } from '../src/modules/posatori/posatori.repository.ts';
import { createFileStore } from '../src/lib/open-file-store.ts';
import { randomToken } from '../src/lib/tokens.ts';
import { startS3Server, type S3Server } from './s3-server.ts';
import { proxied, throughProxy, type Proxied } from './through-proxy.ts';

/** An injected reply's body as the client reads it: inflated as its Content-Encoding says. */
export function decodedBody(res: { headers: Record<string, unknown>; rawPayload: Buffer }): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload).toString();
  if (encoding === 'zstd') return zlib.zstdDecompressSync(res.rawPayload).toString();
  return res.rawPayload.toString();
}

export type TestContext = {
  app: FastifyInstance;
  db: Db;
  config: Config;
  outbox: string;
  /** Another connection pool on the same database, as a second instance of the portal would have. */
  connectAgain(): Db;
  /** The private PostgreSQL schema of this file (undefined on SQLite), for tests that run migrations themselves. */
  schema: string | undefined;
  close(): Promise<void>;
};

/**
 * A fresh migrated database per test file, seeded with the demo network: SQLite in a temporary folder, or a
 * private schema of the PostgreSQL named by TEST_DATABASE_URL. Files on disk under the temporary folder, or with
 * TEST_FILE_STORE=s3 in the bucket of an S3 server of its own. With TEST_INSTANCES=3 the app's inject goes over
 * HTTP through nginx to three instances on that database and a bucket (through-proxy.ts).
 */
export async function createTestContext(
  opts: { seed?: boolean; env?: Record<string, string>; migrateUpTo?: string } = {},
): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-test-'));
  const s3: S3Server | undefined =
    (process.env.TEST_FILE_STORE === 's3' || throughProxy) && !opts.env?.FILE_STORE ? await startS3Server() : undefined;
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...s3?.env,
    ...opts.env,
  };
  const config = loadConfig(env);
  const pgUrl = process.env.TEST_DATABASE_URL;
  let dropSchema: (() => Promise<void>) | undefined;
  let handle;
  let schema: string | undefined;
  if (pgUrl) {
    schema = `t_${randomToken(9)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    handle = connect({ kind: 'postgres', url: pgUrl, schema });
    dropSchema = async () => {
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    };
  } else {
    handle = connect({ kind: 'sqlite', file: path.join(dataDir, 'portal.db') });
  }
  const { db } = handle;
  const others: Db[] = [];
  const connectAgain = () => {
    const again = pgUrl
      ? connect({ kind: 'postgres', url: pgUrl, schema }).db
      : connect({ kind: 'sqlite', file: path.join(dataDir, 'portal.db') }).db;
    others.push(again);
    return again;
  };
  await migrateWhileOthersDrop(db, schema, opts.migrateUpTo);
  if (opts.seed !== false) {
    const files = createFileStore(config);
    await seedDemo(db, files);
    files.close();
  }
  const inProcess = await buildApp({ config, db });
  await inProcess.ready();
  let instances: Proxied | undefined;
  if (throughProxy) {
    let databaseUrl: string | undefined;
    if (pgUrl) {
      const u = new URL(pgUrl);
      u.searchParams.set('options', `-c search_path=${schema}`);
      databaseUrl = u.toString();
    }
    instances = await proxied(inProcess, env, { dataDir, outbox: path.join(dataDir, 'outbox'), databaseUrl });
  }
  const app = instances?.app ?? inProcess;
  return {
    app,
    db,
    config,
    outbox: path.join(dataDir, 'outbox'),
    connectAgain,
    schema,
    async close() {
      try {
        await instances?.stop();
      } finally {
        await inProcess.close();
        for (const other of others) await other.destroy();
        await db.destroy();
        await dropSchema?.();
        await s3?.stop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/** The keys the portal's file store (disk or bucket, as configured) holds under prefix, at any depth. */
export async function storedKeys(config: Config, prefix: string): Promise<string[]> {
  const files = createFileStore(config);
  const keys: string[] = [];
  for await (const key of files.keys()) if (key.startsWith(`${prefix}/`)) keys.push(key);
  files.close();
  return keys;
}

/**
 * Kysely's migrator first looks for its tables by introspecting every schema of the database. On PostgreSQL, a test
 * file that drops its own schema at that moment makes the introspection fail ('schema "t_…" does not exist', or
 * pg_get_serial_sequence's 'column "…" of relation "…" does not exist' for another file's table). Only the test
 * suite has many schemas coming and going, so it tries again: a failure outside any migration has changed nothing,
 * and on PostgreSQL the migrations themselves run in one transaction.
 */
export async function migrateWhileOthersDrop(db: Db, schema: string | undefined, upTo?: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await migrateToLatest(db, schema, upTo);
      return;
    } catch (err) {
      const introspectionRaced = schema !== undefined && err instanceof MigrationFailed && !err.migration;
      if (!introspectionRaced || attempt >= 5) throw err;
    }
  }
}

/** The uuid of the registry row (installer, area manager, reseller) that belongs to a login. */
export async function personOfUser(
  db: Db,
  table: 'posatori' | 'capoarea' | 'rivenditori',
  username: string,
): Promise<string> {
  const row = await db
    .selectFrom(table)
    .innerJoin('users', 'users.uuid', `${table}.user_uuid`)
    .select(`${table}.uuid as uuid`)
    .where('users.username', '=', username)
    .executeTakeFirstOrThrow();
  return row.uuid;
}

export const demoUser: Record<Role, string> = {
  admin: 'admin',
  capoarea: 'capoarea',
  rivenditori: 'rivenditore',
  posatore: 'posatore',
};

/** Logs in through the real endpoint and returns the Cookie header to send. */
export async function login(app: FastifyInstance, user: string, pwd = DEMO_PASSWORD, ip = '10.0.0.1'): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/auth/login', payload: { user, pwd }, remoteAddress: ip });
  const cookie = res.cookies.find((c) => c.name === 'portale_sid');
  if (res.json().res !== 'OK' || !cookie) throw new Error(`login ${user} fallito: ${res.body}`);
  return `portale_sid=${cookie.value}`;
}

export const cookieOf = (app: FastifyInstance, role: Role) => login(app, demoUser[role]);

/**
 * In production an admin or area manager without a second factor sets one up after the password, as the login
 * screen makes them (docs/decisions/0024): this does it through the real endpoints, with a code made from the
 * secret, and returns the Cookie header of the session that opens.
 */
export async function loginEnrolling(app: FastifyInstance, user: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/auth/login', payload: { user, pwd: DEMO_PASSWORD } });
  const pending = res.cookies.find((c) => c.name === 'portale_sid');
  if (res.json().res !== 'ENROL' || !pending) throw new Error(`login ${user} senza iscrizione: ${res.body}`);
  const headers = { cookie: `portale_sid=${pending.value}` };
  const setup = await app.inject({ method: 'POST', url: '/auth/2fa/setup', headers, payload: {} });
  const code = await generate({ secret: setup.json().secret as string });
  const enabled = await app.inject({ method: 'POST', url: '/auth/2fa/enable', headers, payload: { code } });
  const cookie = enabled.cookies.find((c) => c.name === 'portale_sid');
  if (enabled.json().res !== 'OK' || !cookie) throw new Error(`iscrizione di ${user} fallita: ${enabled.body}`);
  return `portale_sid=${cookie.value}`;
}

/** Cookies of the four demo users, in the order admin, capoarea, rivenditori, posatore. */
export function loginEveryRole(app: FastifyInstance): Promise<[string, string, string, string]> {
  return Promise.all([
    cookieOf(app, 'admin'),
    cookieOf(app, 'capoarea'),
    cookieOf(app, 'rivenditori'),
    cookieOf(app, 'posatore'),
  ]);
}

/** The messages in the outbox, oldest first, decoded enough to read subject, recipient and link. */
export function readOutbox(outbox: string): { to: string; subject: string; text: string; link: string | undefined }[] {
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .sort()
    .map((file) => parseEml(fs.readFileSync(path.join(outbox, file), 'utf8')));
}

export function parseEml(raw: string) {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1]?.trim() ?? '';
  const body = rest.join('\n\n');
  const text = /quoted-printable/i.test(head)
    ? Buffer.from(
        body
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
        'latin1',
      ).toString('utf8')
    : body;
  const subject = header('Subject').replace(/=\?utf-8\?Q\?(.*?)\?=/gi, (_m, q: string) =>
    Buffer.from(
      q.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
      'latin1',
    ).toString('utf8'),
  );
  return { to: header('To'), subject, text, link: /https?:\/\/\S+\/resetpwd\/[A-Za-z0-9_-]+/.exec(text)?.[0] };
}

export const resetIdOf = (link: string | undefined) => link?.split('/resetpwd/')[1] ?? '';

/** A valid codice fiscale for an imported installer, different for each n. */
export const sheetCodfis = (n: number) => {
  const first15 = `IMP${'BCDFGHLMNPQRSTVZ'[n % 16]}${'BCDFGHLMNPQRSTVZ'[Math.floor(n / 16) % 16]}A80A01H501`.slice(
    0,
    15,
  );
  return `${first15}${codiceFiscaleCheckChar(first15)}`;
};

/** An installer row of the import wizard, valid and different for each n. */
export const sheetInstaller = (n: number, over: Record<string, string> = {}) => ({
  codfis: sheetCodfis(n),
  lastname: `Importato${n}`,
  name: 'Gino',
  email: `gino.importato${n}@example.it`,
  cell: '333 1234567',
  dtnasc: '1980-01-01',
  ragsocaz: 'Posa Srl',
  address: 'Via Roma 1',
  city: 'Roma',
  state: 'RM',
  cap: '00184',
  regione: 'Lazio',
  phone: '',
  website: '',
  piva: '',
  rivenditore: '',
  capoarea: '',
  ...over,
});

/** The body of an area manager's create or save (POST /api/capoarea), valid, with changes. */
export const areaManagerBody = (changes: Record<string, unknown> = {}) => ({
  name: 'Sofia',
  lastname: 'Galli',
  piva: '',
  codfis: '',
  address: 'Via Verdi 12',
  city: 'Como',
  cap: '22100',
  state: 'CO',
  phone: '031 123456',
  cell: '',
  email: 'sofia.galli@esempio.it',
  website: '',
  provs: ['CO', 'LC'],
  ...changes,
});

/** The body of a reseller's create or save (POST /api/riventitore), valid, with changes. */
export const resellerBody = (changes: Record<string, unknown> = {}) => ({
  ragsoc: 'Lariana Ceramiche S.r.l.',
  code: 'RIV100',
  name: 'Carlo',
  lastname: 'Sala',
  piva: '',
  codfis: '',
  address: '',
  city: '',
  cap: '',
  state: '',
  phone: '',
  cell: '',
  email: 'carlo.sala@lariana.it',
  website: '',
  capoarea: '',
  provs: [],
  ...changes,
});

/** One record's entries in the audit trail, oldest first: action, actor's name and changes. */
export async function auditHistory(db: Db, entity: string, entityId: string) {
  const rows = await db
    .selectFrom('audit_log')
    .select(['action', 'actor_name', 'changes'])
    .where('entity', '=', entity)
    .where('entity_id', '=', entityId)
    .orderBy('at')
    .orderBy('uuid')
    .execute();
  return rows.map((r) => ({
    action: r.action,
    by: r.actor_name,
    changes: JSON.parse(r.changes) as { field: string; before: string | null; after: string | null }[],
  }));
}

/** A demo login's account uuid (users.uuid), for tests that address people by it. */
export const userUuidOf = async (db: DbOrTx, username: string): Promise<string> =>
  (await db.selectFrom('users').select('uuid').where('username', '=', username).executeTakeFirstOrThrow()).uuid;

/** Gives an installer another surname, with the sort keys and search text the repository keeps beside it. */
export async function renameInstaller(db: DbOrTx, uuid: string, lastname: string): Promise<void> {
  const { name, code } = await db
    .selectFrom('posatori')
    .select(['name', 'code'])
    .where('uuid', '=', uuid)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('posatori')
    .set({ lastname, ...posatoreKeys({ name, lastname, code }) })
    .where('uuid', '=', uuid)
    .execute();
}
