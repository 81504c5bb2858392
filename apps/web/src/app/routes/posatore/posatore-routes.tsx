import { Outlet, type RouteObject } from 'react-router';
import { communicationRoutes, documentRoutes, notFoundRoute } from '../area-routes.tsx';
import { RequireStatoOk } from './require-stato-ok.tsx';

/**
 * Every /posatore screen; the built ones (home, profile) are lazy chunks of their own. Home and
 * the profile are open whatever the profile stato; everything else needs stato OK (RequireStatoOk).
 */
export const posatoreRoutes: RouteObject[] = [
  {
    index: true,
    lazy: async () => ({ Component: (await import('./posatore-home-page.tsx')).PosatoreHomePage }),
  },
  {
    path: 'profilo',
    lazy: async () => ({ Component: (await import('./posatore-profilo-page.tsx')).PosatoreProfiloPage }),
  },
  {
    element: (
      <RequireStatoOk>
        <Outlet />
      </RequireStatoOk>
    ),
    children: [
      // The installer reads the inbox only: no composer.
      ...communicationRoutes('posatore', { compose: false }),
      ...documentRoutes('posatore'),
      {
        path: 'coupons',
        lazy: async () => ({ Component: (await import('../coupon-pages.tsx')).MyCouponsPage }),
      },
      notFoundRoute('posatore'),
    ],
  },
];
