/**
 * What the service worker keeps in its precache: the page (index.html), the entry with every chunk it imports, the
 * offline wallet's chunk with its imports, their CSS, the icons and the manifest. Nothing else: the other
 * screens come from the network as they did before the worker, so an admin's phone downloads no screen it never
 * opens, and a new deployment's chunks are never mixed with an old page
 * (docs/decisions/0030-installable-app-and-offline-wallet.md). Called by vite-plugin-pwa after the build, when
 * dist/.vite/manifest.json is written.
 */
import path from 'node:path';
import { chunkFiles, readManifest } from './initial-assets.ts';

/** The module main.tsx imports to show the saved coupons when the server cannot be reached. */
export const OFFLINE_WALLET_MODULE = 'src/app/offline-wallet-app.tsx';

const webDist = path.resolve(import.meta.dirname, '../apps/web/dist');

/** The dist files (paths relative to dist, as the worker's manifest names them) the offline wallet needs. */
export function offlineWalletFiles(distDir = webDist): Set<string> {
  const { js, css } = chunkFiles(readManifest(distDir), ['index.html', OFFLINE_WALLET_MODULE]);
  return new Set(['index.html', ...js, ...css]);
}

/** The icons, the logo and the manifest: what an installed app shows when it starts offline. */
const appAsset = /^(favicon\.svg|logo\.svg|manifest\.webmanifest|icons\/[\w-]+\.png)$/;

type Entry = { url: string; revision: string | null; size: number };

/** vite-plugin-pwa's manifestTransforms: keeps the entries of the offline wallet out of everything it globbed. */
export async function offlinePrecache<T extends Entry>(entries: T[]): Promise<{ manifest: T[]; warnings: string[] }> {
  const wanted = offlineWalletFiles();
  const manifest = entries.filter((e) => wanted.has(e.url) || appAsset.test(e.url));
  const missing = [...wanted].filter((file) => !manifest.some((e) => e.url === file));
  if (missing.length > 0) throw new Error(`precache del service worker senza ${missing.join(', ')}`);
  return { manifest, warnings: [] };
}
