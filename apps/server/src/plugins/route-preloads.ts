import fs from 'node:fs';
import path from 'node:path';

/** One chunk of Vite's build manifest (build.manifest: true writes it to dist/.vite/manifest.json). */
type ManifestChunk = { file: string; imports?: string[] };
type Manifest = Record<string, ManifestChunk>;

const segment = /^[a-z][a-z0-9-]*$/;
const areasKey = 'src/app/full-app.tsx';

/**
 * What a role area's address loads before it can paint, so that index.html can announce it (decisions/0008): the
 * role areas' code (full-app), the role's frame (`routes/<role>/<role>-layout.tsx`) and, for `/<role>` and
 * `/<role>/<page>`, the page (`routes/<role>/<role>-home-page.tsx`, `routes/<role>/<role>-<page>-page.tsx`), each
 * with what it imports statically, less what index.html already loads. Without these the browser finds them in
 * three waves, one after each evaluation (entry, areas, route), each a round trip of a phone's network.
 *
 * Read from the build's manifest at start; an address that is not a role area's (the public screens, an unknown
 * word) gets nothing. Deeper addresses (a profile, a coupon page) get the areas and the frame: their page is not
 * named after the address. Gives the roles whose frame the build has, and an address's index.html (undefined for
 * the plain one); undefined without a manifest (no build, or the tests' stand-in).
 */
export function routeIndexPages(
  webDist: string,
): { roles: readonly string[]; pageOf: (urlPath: string) => string | undefined } | undefined {
  const manifestPath = path.join(webDist, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestPath)) return undefined;
  const indexHtml = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
  const closure = (keys: readonly string[], into = new Set<string>()) => {
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || into.has(chunk.file)) return;
      into.add(chunk.file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    for (const key of keys) visit(key);
    return into;
  };
  const entry = closure(['index.html']);
  // Keyed by manifest entries only, so the memo holds at most one page per page of the build.
  const memo = new Map<string, string>();

  const layoutOf = (role: string) => `src/app/routes/${role}/${role}-layout.tsx`;
  const roles = Object.keys(manifest).flatMap((key) => {
    const role = /^src\/app\/routes\/([a-z][a-z0-9-]*)\/\1-layout\.tsx$/.exec(key)?.[1];
    return role ? [role] : [];
  });
  const pageOf = (urlPath: string) => {
    const [role, page, ...deeper] = urlPath.split('/').slice(1);
    if (!role || !segment.test(role)) return undefined;
    const layout = layoutOf(role);
    if (!manifest[layout]) return undefined;
    const pageKey =
      deeper.length > 0 || (page !== undefined && !segment.test(page))
        ? undefined
        : `src/app/routes/${role}/${role}-${page || 'home'}-page.tsx`;
    const keys = [areasKey, layout, ...(pageKey && manifest[pageKey] ? [pageKey] : [])];
    const key = keys.join(' ');
    let html = memo.get(key);
    if (html === undefined) {
      html = withPreloads(
        indexHtml,
        [...closure(keys)].filter((file) => !entry.has(file)),
      );
      memo.set(key, html);
    }
    return html;
  };
  return { roles, pageOf };
}

/**
 * index.html with the files announced as module preloads. At low priority: the entry's own scripts, which the page
 * runs first, keep the phone's link; these come in the same wave instead of two evaluations later.
 */
function withPreloads(indexHtml: string, files: readonly string[]): string {
  const links = files
    .map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">`)
    .join('');
  return indexHtml.replace('</head>', `${links}</head>`);
}
