import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { createFileStore } from '../../src/lib/open-file-store.ts';
import { createTestContext, type TestContext } from '../helpers.ts';
import { loginAs } from '../helpers-clients.ts';
import { startS3Server, type S3Server } from '../s3-server.ts';

const storeGone = 'Archivio dei file non raggiungibile, riprova più tardi';
const databaseGone = 'Database non raggiungibile';

/** Another app on the test's database, with its own file store settings and a short readiness timeout. */
async function appWith(ctx: TestContext, env: Record<string, string>, db = ctx.db) {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: ctx.config.dataDir, LOG_LEVEL: 'silent', ...env });
  const app = await buildApp({ config, db, readyTimeoutMs: 500 });
  await app.ready();
  return app;
}

/** A server that accepts connections and never answers: a store or network that hangs. */
async function silentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets: net.Socket[] = [];
  const server = net.createServer((s) => sockets.push(s));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('GET /ready with files on disk', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { FILE_STORE: 'disk' } });
  });
  afterAll(() => ctx.close());

  it('is 200 while the database and the files folder answer, for anyone', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('is 503 with the reason when the files folder cannot be used', async () => {
    const elsewhere = path.join(ctx.config.dataDir, 'broken');
    fs.mkdirSync(elsewhere);
    fs.writeFileSync(path.join(elsewhere, 'files'), 'not a folder');
    const app = await appWith(ctx, { DATA_DIR: elsewhere });
    const res = await app.inject({ method: 'GET', url: '/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ res: 'KO', reason: storeGone });
    await app.close();
  });

  it('is 503 with the reason when the database has gone', async () => {
    const other = ctx.connectAgain();
    const app = await appWith(ctx, {}, other);
    expect((await app.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200);
    await other.destroy();
    const res = await app.inject({ method: 'GET', url: '/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ res: 'KO', reason: databaseGone });
    await app.close();
  });
});

describe('files in an S3 bucket', () => {
  let s3: S3Server;
  let ctx: TestContext;
  beforeAll(async () => {
    s3 = await startS3Server();
    ctx = await createTestContext({ env: s3.env });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const someDocument = () =>
    ctx.db.selectFrom('documents').select(['uuid', 'file_key']).orderBy('uuid').limit(2).execute();

  it('serves a document through the app, a 404 in Italian for an object that is missing', async () => {
    const as = await loginAs(ctx);
    const [kept, lost] = await someDocument();
    const res = await as.admin.get(`/api/docs/file/${kept!.uuid}`);
    expect(res.statusCode).toBe(200);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    const files = createFileStore(ctx.config);
    await files.delete(lost!.file_key);
    files.close();
    const missing = await as.admin.get(`/api/docs/file/${lost!.uuid}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ res: 'KO', reason: 'Elemento non trovato' });
  });

  it('is ready while the bucket answers; a store that hangs is a 503 within the timeout', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200);
    const silent = await silentServer();
    const app = await appWith(ctx, { ...s3.env, AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${silent.port}` });
    const res = await app.inject({ method: 'GET', url: '/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ res: 'KO', reason: storeGone });
    await app.close();
    await silent.close();
  });

  it('answers 503 in Italian, never 500, to /ready and a download once the store has gone', async () => {
    const as = await loginAs(ctx);
    const [kept] = await someDocument();
    await s3.stop();
    const ready = await ctx.app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ res: 'KO', reason: storeGone });
    const download = await as.admin.get(`/api/docs/file/${kept!.uuid}`);
    expect(download.statusCode).toBe(503);
    expect(download.json()).toEqual({ res: 'KO', reason: storeGone });
  });
});
