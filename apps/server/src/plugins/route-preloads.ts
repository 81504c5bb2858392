import fs from 'node:fs';
import path from 'node:path';

/** One chunk of Vite's build manifest (build.manifest: true writes it to dist/.vite/manifest.json). */
type ManifestChunk = { file: string; imports?: string[] };
type Manifest = Record<string, ManifestChunk>;

const segment = /^[a-z][a-z0-9-]*$/;
const areasKey = 'src/app/full-app.tsx';

/**
 * What a page of the role areas asks the server for as it first renders, by `<role>/<page>`, for a visitor with a
 * session at an address without a query string (the list's first page, unfiltered), besides what every page of the
 * areas asks (the frame's GET /api/avatar). Asked by the page itself, the replies are there when the screen renders
 * instead of one round trip after its code has arrived and run. Each must be the very request the screen makes, or
 * the browser asks twice: e2e/budget.spec.ts holds that for the admin's list, and `listFirstPage` is the query string
 * of a list's first page (lib/list-search-params.ts keeps page 1 out of the address, get-posatori.ts sends it).
 */
const listFirstPage = '?page=1';
const firstRequests: Readonly<Record<string, readonly string[]>> = {
  'admin/posatori': [`/api/posatori${listFirstPage}`, '/api/cbostato'],
  'capoarea/posatori': [`/api/posatori4ca${listFirstPage}`, '/api/cbostato'],
  'rivenditori/posatori': [`/api/posatori4ri${listFirstPage}`, '/api/cbostato'],
};
const everyPageRequests = ['/api/avatar'];
/** The entry's first request at a role area's address, answered to every visitor (decisions/0008). */
const sessionCheck = '/auth/check';

/**
 * What a role area's address loads before it can paint, so that index.html can announce it (decisions/0008): the
 * role areas' code (full-app), the role's frame (`routes/<role>/<role>-layout.tsx`) and, for `/<role>` and
 * `/<role>/<page>`, the page (`routes/<role>/<role>-home-page.tsx`, `routes/<role>/<role>-<page>-page.tsx`), each
 * with what it imports statically, less what index.html already loads. Without these the browser finds them in
 * three waves, one after each evaluation (entry, areas, route), each a round trip of a phone's network. With them
 * the data the page asks first: the session check for every visitor, and for one with a session (`signedIn`: the
 * session cookie is there; the server does not look it up for a page that holds no data) the frame's and the
 * page's first requests (`firstRequests`).
 *
 * Read from the build's manifest at start; an address that is not a role area's (the public screens, an unknown
 * word) gets nothing. Deeper addresses (a profile, a coupon page) get the areas and the frame: their page is not
 * named after the address. Gives the roles whose frame the build has, and an address's index.html (undefined for
 * the plain one); undefined without a manifest (no build, or the tests' stand-in).
 */
export function routeIndexPages(
  webDist: string,
): { roles: readonly string[]; pageOf: (url: string, signedIn: boolean) => string | undefined } | undefined {
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
  // Keyed by manifest entries and firstRequests' lists only, so the memo holds a few pages per page of the build.
  const memo = new Map<string, string>();

  const layoutOf = (role: string) => `src/app/routes/${role}/${role}-layout.tsx`;
  const roles = Object.keys(manifest).flatMap((key) => {
    const role = /^src\/app\/routes\/([a-z][a-z0-9-]*)\/\1-layout\.tsx$/.exec(key)?.[1];
    return role ? [role] : [];
  });
  const pageOf = (url: string, signedIn: boolean) => {
    const [urlPath = '/', query] = url.split('?');
    const [role, page, ...deeper] = urlPath.split('/').slice(1);
    if (!role || !segment.test(role)) return undefined;
    const layout = layoutOf(role);
    if (!manifest[layout]) return undefined;
    const pageKey =
      deeper.length > 0 || (page !== undefined && !segment.test(page))
        ? undefined
        : `src/app/routes/${role}/${role}-${page || 'home'}-page.tsx`;
    const keys = [areasKey, layout, ...(pageKey && manifest[pageKey] ? [pageKey] : [])];
    const data = signedIn
      ? [...everyPageRequests, ...(!query && deeper.length === 0 ? (firstRequests[`${role}/${page}`] ?? []) : [])]
      : [];
    const key = `${keys.join(' ')} ${data.join(' ')}`;
    let html = memo.get(key);
    if (html === undefined) {
      html = withPreloads(
        indexHtml,
        [...closure(keys)].filter((file) => !entry.has(file)),
        [sessionCheck, ...data],
      );
      memo.set(key, html);
    }
    return html;
  };
  return { roles, pageOf };
}

/**
 * index.html with the data announced as fetch preloads and the files as module preloads. The data first, at its
 * default priority: the session check (GET /auth/check, which answers every visitor) is what the entry asks before
 * the areas can render, and the page's first requests what its screen waits for. `crossorigin` (same-origin
 * credentials) as the app's fetch asks them, so that the fetch takes the preloaded reply. The scripts at low
 * priority: the entry's own, which the page runs first, keep the phone's link; these come in the same wave instead
 * of two evaluations later.
 */
function withPreloads(indexHtml: string, files: readonly string[], data: readonly string[]): string {
  const fetches = data.map((url) => `<link rel="preload" as="fetch" crossorigin href="${url}">`).join('');
  const modules = files
    .map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">`)
    .join('');
  return indexHtml.replace('</head>', `${fetches}${modules}</head>`);
}
