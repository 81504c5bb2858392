/// <reference lib="webworker" />
/**
 * The portal's service worker (docs/decisions/0030-installable-app-and-offline-wallet.md). It does three things:
 * - keeps a precache of the page, the entry and the offline wallet's chunks (scripts/offline-precache.ts), served
 *   from there: their names carry their content's hash, so a file never changes under its name;
 * - answers the navigations to the app's own addresses from the network, and only when the network fails with the
 *   precached page: online, every page comes from the deployment that is running, never an older copy;
 * - nothing else. /api, /auth, the public locator, uploaded files and any other chunk go to the network untouched:
 *   no API reply is ever stored by the worker (the wallet keeps its own copy, per person:
 *   features/coupons/api/coupon-wallet.ts).
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

// No directory index and no clean URLs: '/' and '/posatore/coupons' are navigations, answered below from the
// network; only the files themselves are served from the precache.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();

/** The single-page app's addresses (apps/web/src/app/router.tsx and public-paths.ts). */
const appPaths = [
  /^\/$/,
  /^\/(recover|resetted)\/?$/,
  /^\/(resetpwd|msg)\//,
  /^\/(admin|posatore|capoarea|rivenditori)(\/|$)/,
];

registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await fetch(request);
      } catch {
        // Offline (or the server unreachable): the precached page, whose chunks are precached with it.
        return (await matchPrecache('index.html')) ?? Response.error();
      }
    },
    { allowlist: appPaths },
  ),
);

// A new worker takes over at once: it serves no page online, so an open tab cannot be left with a page of one
// deployment and chunks of another; its activation drops the previous deployment's precache.
void self.skipWaiting();
clientsClaim();
