/**
 * What the login route downloads before it can paint, read from the built web app: the entry chunk of index.html
 * and every chunk it imports statically (what Vite lists as modulepreload), with their CSS. Lazy chunks (the role
 * areas) are left out: they come after login. The same for the admin's installer list. Used by the budget journey
 * (e2e/budget.spec.ts) and bench:web.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** One chunk of Vite's build manifest (build.manifest: true writes it to dist/.vite/manifest.json). */
type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };

export type AssetSize = { file: string; raw: number; gzip: number; brotli: number };

export const webDist = path.resolve(import.meta.dirname, '../apps/web/dist');

/** Sizes as sent: raw, gzip at level 9 and brotli at quality 11, the settings of the build's precompression. */
export function assetSize(distDir: string, file: string): AssetSize {
  const bytes = fs.readFileSync(path.join(distDir, file));
  return {
    file,
    raw: bytes.length,
    gzip: zlib.gzipSync(bytes, { level: 9 }).length,
    brotli: zlib.brotliCompressSync(bytes, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
    }).length,
  };
}

type Manifest = Record<string, ManifestChunk>;

export function readManifest(distDir: string): Manifest {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestPath)) throw new Error(`${manifestPath} mancante: esegui prima npm run build`);
  return JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
}

/** The files of the given manifest chunks (source paths as keys) and of every chunk they import statically. */
export function chunkFiles(manifest: Manifest, keys: readonly string[]): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (chunk: ManifestChunk) => {
    if (js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const key of chunk.imports ?? []) {
      const imported = manifest[key];
      if (!imported) throw new Error(`il manifest di Vite non conosce ${key}`);
      visit(imported);
    }
  };
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`il manifest di Vite non conosce ${key}`);
    visit(chunk);
  }
  return { js: [...js], css: [...css] };
}

/** The JavaScript and CSS files the login route (index.html) loads before any lazy import, as dist paths. */
export function loginRouteFiles(distDir = webDist): { js: string[]; css: string[] } {
  const manifest = readManifest(distDir);
  if (!manifest['index.html']?.isEntry) throw new Error('index.html non è il punto di ingresso del manifest di Vite');
  return chunkFiles(manifest, ['index.html']);
}

/**
 * The JavaScript and CSS the admin's installer list (/admin/posatori) needs to show its first page: the entry, the
 * role areas (full-app), the admin's frame and the route's page, each with what it imports statically. What the
 * page imports on demand (dialogs, date pickers) is left out.
 */
export function adminListRouteFiles(distDir = webDist): { js: string[]; css: string[] } {
  return chunkFiles(readManifest(distDir), [
    'index.html',
    'src/app/full-app.tsx',
    'src/app/routes/admin/admin-layout.tsx',
    'src/app/routes/admin/admin-posatori-page.tsx',
  ]);
}

export const sum = (sizes: AssetSize[], key: 'raw' | 'gzip' | 'brotli') => sizes.reduce((t, s) => t + s[key], 0);

/** Bytes as kB (1000 bytes, as Vite and Lighthouse print them), one decimal. */
export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
