import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { login } from '../../../../bench/http.ts';
import { startThreeInstances, type ThreeInstances } from '../../../../scripts/three-instances.ts';
import { DEMO_PASSWORD } from '../../src/db/seed/demo.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestContext, type TestContext } from '../helpers.ts';
import { imageForm } from '../multipart.ts';
import { startS3Server, type S3Server } from '../s3-server.ts';
import { call, serverEnv } from '../modules/imports/server-processes.ts';

/**
 * scripts/three-instances.ts: nginx round robin in front of three instances on the test's database and one S3
 * bucket; on PostgreSQL each instance has a DATA_DIR of its own, as on three machines. A session opened through one
 * instance is honoured by the others, an image uploaded through one is read back through the others, and a mass
 * activation pressed through the proxy is done once.
 */

let ctx: TestContext;
let s3: S3Server;
let three: ThreeInstances;
const ownDirs: string[] = [];
beforeAll(async () => {
  ctx = await createTestContext();
  s3 = await startS3Server();
  const env = { ...serverEnv(ctx), ...s3.env };
  if (env.DATABASE_URL) {
    for (let i = 0; i < 3; i++) ownDirs.push(fs.mkdtempSync(path.join(os.tmpdir(), 'portale-instance-')));
    three = await startThreeInstances(env, { dataDirs: [ownDirs[0]!, ownDirs[1]!, ownDirs[2]!] });
  } else {
    three = await startThreeInstances({ ...env, DATA_DIR: ctx.config.dataDir });
  }
}, 90_000);
afterAll(async () => {
  await three?.stop();
  await s3?.stop();
  for (const dir of ownDirs) fs.rmSync(dir, { recursive: true, force: true });
  await ctx.close();
});

/** How many GET requests of a route each instance served, from its own /metrics. */
async function servedBy(route: string): Promise<number[]> {
  return Promise.all(
    three.instances.map(async (i) => {
      const text = await (await fetch(`${i.url}/metrics`)).text();
      const line = text.split('\n').find((l) => l.startsWith(`http_requests_total{method="GET",route="${route}"`));
      return Number(line?.split(' ').at(-1) ?? 0);
    }),
  );
}

it('one session, one file store and one mass activation across three instances', async () => {
  const admin = await login(three.url, 'admin', DEMO_PASSWORD);
  for (let i = 0; i < 6; i++) await call(three.url, admin, 'GET', '/api/avatar');
  // Round robin: every instance answered the session opened through one of them.
  expect((await servedBy('/api/avatar')).every((n) => n >= 1)).toBe(true);

  const posatore = await login(three.url, 'posatore', DEMO_PASSWORD);
  // Above nginx's 16 kB body buffer, so the proxy spools it to a temporary file first, as it does a real photo.
  const png = await sharp({
    create: {
      width: 120,
      height: 120,
      channels: 3,
      background: '#c04020',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
  expect(png.length).toBeGreaterThan(16 * 1024);
  const form = imageForm(png, 'io.png', 'image/png');
  const saved = await fetch(`${three.url}/api/savemyimg/profile`, {
    method: 'POST',
    headers: { ...form.headers, cookie: posatore, origin: three.url },
    body: form.payload,
  });
  expect(saved.status).toBe(200);
  const { path } = (await saved.json()) as { path: string };
  for (let i = 0; i < 3; i++) {
    const res = await fetch(`${three.url}${path}`, { headers: { cookie: posatore } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
  }

  const { run } = await call<{ run: { uuid: string } }>(three.url, admin, 'POST', '/api/sendmassive', {});
  let done = run as { uuid: string; finished_at?: string; accodati?: number };
  for (let i = 0; !done.finished_at; i++) {
    if (i > 300) throw new Error('invio massivo non finito in 30 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
    done = (await call<{ run: typeof done }>(three.url, admin, 'GET', '/api/sendmassive')).run;
  }
  const mails = await ctx.db.selectFrom('mail_queue').select('to_addr').where('batch', '=', run.uuid).execute();
  expect(mails.length).toBe(done.accodati);
  expect(new Set(mails.map((m) => m.to_addr)).size).toBe(mails.length);
}, 90_000);
