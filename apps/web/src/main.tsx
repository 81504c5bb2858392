import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { landingRole, type Role } from '@portal/shared/roles';
// Zod's own messages in Italian, as on the server.
import '@portal/shared/zod-it';
import { PublicApp } from './app/public-app.tsx';
import { isPublicPath, isWalletPath, redirectsLoggedIn } from './app/public-paths.ts';
import { checkSession, reachSession } from './features/auth/api/public-auth.ts';
import { takeNotice } from './lib/session-notice.ts';

/*
 * Two entries in one page (docs/decisions/0008): the public screens render at once from this chunk; the role areas
 * (router, query cache, forms, the rest of MUI) are one import away, fetched after a login or straight away for any
 * other address.
 */
const element = document.getElementById('root');
if (!element) throw new Error('Elemento #root mancante in index.html');
const root = createRoot(element);

/**
 * Loads the role areas, then shows them at `path` (the address stays as it is until they can show it). `roles` may
 * still be on its way: asked beside the areas' code, the session no longer holds back the route's own requests.
 */
function enterArea(path: string | undefined, roles?: Role[] | Promise<Role[]>): void {
  void Promise.all([import('./app/full-app.tsx'), roles]).then(([{ FullApp }, known]) => {
    if (path) window.history.replaceState(null, '', path);
    // As a transition, the first render of shell and screen is done a few milliseconds at a time instead of in
    // one long task that a slow phone cannot interrupt (docs/performance/front-end-weight.md).
    startTransition(() =>
      root.render(
        <StrictMode>
          <FullApp roles={known} />
        </StrictMode>,
      ),
    );
  });
}

const { pathname } = window.location;
if (isPublicPath(pathname)) {
  root.render(
    <StrictMode>
      <PublicApp notice={takeNotice()} enterArea={enterArea} />
    </StrictMode>,
  );
  // A visitor who is still logged in goes to their area ("A user who is already logged in is
  // redirected"); the form is on screen meanwhile, so the page paints without waiting for the answer.
  if (redirectsLoggedIn(pathname)) {
    void checkSession().then((roles) => {
      const landing = landingRole(roles);
      if (landing && redirectsLoggedIn(window.location.pathname)) enterArea(`/${landing}`, roles);
    });
  }
} else if (isWalletPath(pathname)) {
  // The installer's coupons open without a network too: when the server cannot be reached, the copy this phone
  // kept of them (precached with this entry by the service worker), not the role areas, which need the server.
  void reachSession().then((roles) => {
    if (roles !== null) enterArea(undefined, roles);
    else
      void import('./app/offline-wallet-app.tsx').then(({ OfflineWalletApp }) =>
        root.render(
          <StrictMode>
            <OfflineWalletApp />
          </StrictMode>,
        ),
      );
  });
} else {
  enterArea(undefined, checkSession());
}
