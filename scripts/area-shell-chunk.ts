import fs from 'node:fs';
import path from 'node:path';
import type { ChunkingContext } from 'rolldown';

const webSrc = path.resolve(import.meta.dirname, '../apps/web/src');
const entry = path.join(webSrc, 'main.tsx');
const areas = path.join(webSrc, 'app', 'full-app.tsx');
const shell = path.join(webSrc, 'app', 'layout', 'app-shell.tsx');
const routes = path.join(webSrc, 'app', 'routes');
/** Each role's frame (routes/<role>/<role>-layout.tsx): a file of its own, loaded with every page of its role. */
const layouts = fs
  .readdirSync(routes)
  .map((role) => path.join(routes, role, `${role}-layout.tsx`))
  .filter((file) => fs.existsSync(file));

/** Every module reachable from `from` through static imports, and through lazy ones too when `lazy` is set. */
function closure(ctx: ChunkingContext, from: readonly string[], lazy: boolean, stopAt?: string): Set<string> {
  const seen = new Set<string>();
  const queue = [...from];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id) || id === stopAt) continue;
    seen.add(id);
    const info = ctx.getModuleInfo(id);
    if (!info) continue;
    queue.push(...info.importedIds, ...(lazy ? info.dynamicallyImportedIds : []));
  }
  return seen;
}

/**
 * The modules that can share one file with the role areas' frame (vite.config.ts, group 'area-shell'): what the
 * frame (app/layout/app-shell.tsx) and the roles' frames around it (routes/<role>/<role>-layout.tsx, which keep a
 * file of their own) import, directly or not, and that nothing loads outside the role areas, that is,
 * the entry (main.tsx) cannot reach it, statically or lazily, without going through the areas' code
 * (app/full-app.tsx). Every page of the areas shows the frame, so these cost them nothing in its file, where a file
 * of their own would cost a phone a request; the login page and the offline wallet, which open without the areas,
 * keep their modules out of it. Computed once per chunking pass (a rebuild in watch mode gets its own), at the
 * first module the group asks about.
 */
export function shellModules(): (id: string, ctx: ChunkingContext) => boolean {
  const membersOf = new WeakMap<ChunkingContext, Set<string>>();
  return (id, ctx) => {
    let members = membersOf.get(ctx);
    if (!members) {
      const outside = closure(ctx, [entry], true, areas);
      const framed = closure(ctx, [shell, ...layouts], false);
      members = new Set([...framed].filter((module) => !outside.has(module) && !layouts.includes(module)));
      membersOf.set(ctx, members);
    }
    return members.has(id);
  };
}
