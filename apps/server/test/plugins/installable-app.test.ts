import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, decodedBody, type TestContext } from '../helpers.ts';

/*
 * The installable app's files as the web build writes them (vite-plugin-pwa: sw.js and manifest.webmanifest beside
 * index.html, without compressed copies), served by the static SPA plugin (docs/decisions/0030).
 */
let ctx: TestContext;
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-pwa-'));
const sw = `self.addEventListener('fetch', () => {}); // ${'precache '.repeat(50)}`;
const manifest = JSON.stringify({ name: 'Portale Posatori', short_name: 'Posatori', start_url: '/' });

function write(file: string, content: string | Buffer, compressedCopies = false): void {
  const target = path.join(webDist, file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, content);
  if (compressedCopies) fs.writeFileSync(`${target}.br`, zlib.brotliCompressSync(content));
}

beforeAll(async () => {
  write('index.html', '<!doctype html><link rel="manifest" href="/manifest.webmanifest"><title>Portale</title>', true);
  write('sw.js', sw);
  write('manifest.webmanifest', manifest);
  write('icons/icon-192.png', Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  write('assets/index-abc123.js', 'console.log(1)', true);
  ctx = await createTestContext({ seed: false, env: { WEB_DIST: webDist } });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('the installable app’s files', () => {
  it('serves the service worker as JavaScript that the browser revalidates, never kept a year like the chunks', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/sw.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(decodedBody(res)).toBe(sw);
    const chunk = await ctx.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(chunk.headers['cache-control']).toContain('immutable');
  });

  it('serves the web manifest with its own type, revalidated', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toMatchObject({ short_name: 'Posatori' });
  });

  it('lets the page register the worker and read the manifest from the portal itself, and from nowhere else', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/posatore/coupons' });
    expect(res.statusCode).toBe(200);
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).not.toMatch(/worker-src[^;]*(\*|https?:|blob:|data:)/);
  });

  it('answers a worker script that does not exist with a 404, not with the page', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/assets/sw-old.js' });
    expect(res.statusCode).toBe(404);
  });
});
