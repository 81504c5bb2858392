import type { RouteObject } from 'react-router';
import { areaRoutes, communicationScreens } from '../area-routes.tsx';

/** Every /posatore screen of spec section 2; the built ones (home, profile) are lazy chunks of their own. */
export const posatoreRoutes: RouteObject[] = [
  {
    index: true,
    lazy: async () => ({ Component: (await import('./posatore-home-page.tsx')).PosatoreHomePage }),
  },
  {
    path: 'profilo',
    lazy: async () => ({ Component: (await import('./posatore-profilo-page.tsx')).PosatoreProfiloPage }),
  },
  ...areaRoutes('posatore', [
    { path: 'documenti', title: 'Documenti' },
    { path: 'coupons', title: 'Coupons' },
    // The installer reads the inbox only: no composer.
    ...communicationScreens({ compose: false }),
  ]),
];
