import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, cookieOf, decodedBody, type TestContext } from '../helpers.ts';

let ctx: TestContext;
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-web-'));
const indexHtml = `<!doctype html><title>Portale Posatori</title>${'<!-- spazio -->'.repeat(80)}`;
const appJs = `console.log(${JSON.stringify('Portale Posatori '.repeat(200))});`;

/** A file as the web build writes it: the original plus its brotli and gzip copies. */
function writeBuilt(file: string, text: string): void {
  const target = path.join(webDist, file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, text);
  fs.writeFileSync(`${target}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${target}.gz`, zlib.gzipSync(text));
}

beforeAll(async () => {
  writeBuilt('index.html', indexHtml);
  writeBuilt('assets/app-abc123.js', appJs);
  ctx = await createTestContext({ seed: true, env: { WEB_DIST: webDist } });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('the web app is sent compressed at build time', () => {
  it('sends brotli to a browser that accepts it, gzip to one that accepts only gzip, and varies on it', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/assets/app-abc123.js',
        headers: { 'accept-encoding': accept },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toContain('javascript');
      expect(res.headers.vary).toContain('accept-encoding');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decodedBody(res)).toBe(appJs);
      expect(res.rawPayload.length).toBeLessThan(appJs.length / 4);
    }
  });

  it('sends the original to a client that accepts no compression, still varying on Accept-Encoding', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toContain('accept-encoding');
    expect(res.body).toBe(appJs);
  });

  it('compresses the history fallback too, and never lets it be cached without revalidation', async () => {
    for (const url of ['/', '/admin/posatori', '/resetpwd/abc']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toContain('accept-encoding');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(decodedBody(res)).toBe(indexHtml);
    }
  });

  it('does not publish the compressed copies as files of their own', async () => {
    for (const url of ['/assets/app-abc123.js.br', '/assets/app-abc123.js.gz']) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});

describe('API replies', () => {
  it('compresses a list above 1 kB as the client accepts, and the JSON survives the trip', async () => {
    const cookie = await cookieOf(ctx.app, 'admin');
    for (const accept of ['br', 'gzip']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/posatori?page=1&size=20',
        headers: { cookie, 'accept-encoding': accept },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(accept);
      expect(res.headers.vary).toContain('accept-encoding');
      const body = JSON.parse(decodedBody(res)) as { data: unknown[]; reccount: number };
      expect(body.data).toHaveLength(20);
      expect(res.rawPayload.length).toBeLessThan(decodedBody(res).length / 2);
    }
  });

  it('leaves a small reply as it is', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/auth/check', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ role: [] });
  });

  it('does not inflate a compressed request body: the body limit bounds what arrives', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: zlib.gzipSync(JSON.stringify({ user: 'admin', pwd: 'portale-demo' })),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().res).toBe('KO');
  });
});
