import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, decodedBody, type TestContext } from '../helpers.ts';

let ctx: TestContext;
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-web-'));
const indexHtml = `<!doctype html><html><head><title>Portale Posatori</title><script type="module" crossorigin src="/assets/index-1.js"></script></head><body>${'<!-- spazio -->'.repeat(80)}</body></html>`;

/** A build's manifest in Vite's shape: source paths as keys, each chunk's file and its static imports. */
const manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react.js'] },
  '_react.js': { file: 'assets/react-1.js' },
  'src/app/full-app.tsx': { file: 'assets/full-app-1.js', isDynamicEntry: true, imports: ['_react.js', '_router.js'] },
  '_router.js': { file: 'assets/router-1.js' },
  'src/app/routes/admin/admin-layout.tsx': { file: 'assets/admin-layout-1.js', imports: ['_shell.js'] },
  '_shell.js': { file: 'assets/area-shell-1.js', imports: ['_react.js'] },
  'src/app/routes/admin/admin-posatori-page.tsx': { file: 'assets/admin-posatori-page-1.js', imports: ['_list.js'] },
  '_list.js': { file: 'assets/posatori-list-screen-1.js' },
  'src/app/routes/admin/admin-home-page.tsx': { file: 'assets/admin-home-page-1.js' },
  'src/app/routes/capoarea/capoarea-layout.tsx': { file: 'assets/capoarea-layout-1.js', imports: ['_shell.js'] },
  'src/app/routes/rivenditori/rivenditori-layout.tsx': {
    file: 'assets/rivenditori-layout-1.js',
    imports: ['_shell.js'],
  },
  'src/app/routes/admin/admin-posatore-page.tsx': { file: 'assets/admin-posatore-page-1.js' },
};

/** The files index.html announces as module preloads, in order. */
const preloaded = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin fetchpriority="low" href="\/([^"]+)">/g)].map((m) => m[1]);
/** The requests index.html announces as fetch preloads, in order. */
const fetched = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
/** A session cookie as the browser sends it: the page only looks whether there is one. */
const signedIn = { cookie: 'portale_sid=qualsiasi' };

async function page(url: string, headers: Record<string, string> = {}) {
  const res = await ctx.app.inject({
    method: 'GET',
    url,
    headers: { 'accept-encoding': 'gzip, deflate, br', ...headers },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(res.headers['cache-control']).toBe('no-cache');
  return { html: decodedBody(res), encoding: res.headers['content-encoding'] };
}

beforeAll(async () => {
  fs.mkdirSync(path.join(webDist, '.vite'));
  fs.writeFileSync(path.join(webDist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  fs.writeFileSync(path.join(webDist, 'index.html'), indexHtml);
  fs.writeFileSync(path.join(webDist, 'index.html.br'), zlib.brotliCompressSync(indexHtml));
  ctx = await createTestContext({ seed: true, env: { WEB_DIST: webDist } });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe("a role area's address announces the scripts it needs in its index.html", () => {
  it("names the areas', the frame's and the page's scripts, less the entry's, at low priority, compressed", async () => {
    const { html, encoding } = await page('/admin/posatori');
    expect(encoding).toBe('br');
    expect(preloaded(html)).toEqual([
      'assets/full-app-1.js',
      'assets/router-1.js',
      'assets/admin-layout-1.js',
      'assets/area-shell-1.js',
      'assets/admin-posatori-page-1.js',
      'assets/posatori-list-screen-1.js',
    ]);
    // The rest of the page is the build's index.html, the links before </head>.
    expect(html.replace(/<link rel="(modulepreload|preload)"[^>]+>/g, '')).toBe(indexHtml);
  });

  it("the area's home names its home page; a query string changes no script", async () => {
    expect(preloaded((await page('/admin')).html)).toContain('assets/admin-home-page-1.js');
    expect((await page('/admin/posatori?view=gallery&page=2')).html).toBe((await page('/admin/posatori')).html);
  });

  it('a deeper address (a profile) gets the areas and the frame only: its page is not named after it', async () => {
    const files = preloaded((await page('/admin/posatori/1b2c')).html);
    expect(files).toContain('assets/admin-layout-1.js');
    expect(files).not.toContain('assets/admin-posatori-page-1.js');
    expect(files).not.toContain('assets/admin-posatore-page-1.js');
  });

  it('a page the build does not have gets the areas and the frame', async () => {
    const files = preloaded((await page('/admin/nonesiste')).html);
    expect(files).toEqual([
      'assets/full-app-1.js',
      'assets/router-1.js',
      'assets/admin-layout-1.js',
      'assets/area-shell-1.js',
    ]);
  });

  it('the public screens and unknown addresses get the plain index.html', async () => {
    for (const url of ['/', '/recover', '/resetpwd/abc', '/nonesiste/posatori', '/Admin/posatori', '/admin%2F..']) {
      const { html } = await page(url);
      expect(html, url).toBe(indexHtml);
    }
  });
});

describe("a role area's address asks for the data its page needs first with the page", () => {
  it('asks every visitor for the session check, and nothing that needs a session without one', async () => {
    for (const url of ['/admin/posatori', '/admin', '/capoarea/posatori', '/admin/posatori/1b2c', '/admin/nonesiste']) {
      expect(fetched((await page(url)).html), url).toEqual(['/auth/check']);
    }
  });

  it("with a session, the frame's avatar and the list's first page and state names, before the scripts", async () => {
    const { html } = await page('/admin/posatori', signedIn);
    expect(fetched(html)).toEqual(['/auth/check', '/api/avatar', '/api/posatori?page=1', '/api/cbostato']);
    expect(html.indexOf('rel="preload"')).toBeLessThan(html.indexOf('rel="modulepreload"'));
  });

  it("each area's installer list asks for its own first page", async () => {
    expect(fetched((await page('/capoarea/posatori', signedIn)).html)).toContain('/api/posatori4ca?page=1');
    expect(fetched((await page('/rivenditori/posatori', signedIn)).html)).toContain('/api/posatori4ri?page=1');
  });

  it('a filtered or later page, a profile and the other pages ask for the avatar only: their requests differ', async () => {
    for (const url of ['/admin/posatori?name=rossi', '/admin/posatori?page=2', '/admin/posatori/1b2c', '/admin']) {
      expect(fetched((await page(url, signedIn)).html), url).toEqual(['/auth/check', '/api/avatar']);
    }
  });

  it('the public screens ask for nothing, with a session or without', async () => {
    for (const url of ['/', '/recover']) expect(fetched((await page(url, signedIn)).html), url).toEqual([]);
  });
});
