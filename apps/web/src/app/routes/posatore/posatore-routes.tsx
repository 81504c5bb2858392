import type { RouteObject } from 'react-router';
import { areaRoutes, communicationScreens } from '../area-routes.tsx';

/** Every /posatore screen of spec section 2; the home is built (mini profile card). */
export const posatoreRoutes: RouteObject[] = [
  {
    index: true,
    lazy: async () => ({ Component: (await import('./posatore-home-page.tsx')).PosatoreHomePage }),
  },
  ...areaRoutes('posatore', [
    { path: 'profilo', title: 'Il mio profilo' },
    { path: 'documenti', title: 'Documenti' },
    { path: 'coupons', title: 'Coupons' },
    // The installer reads the inbox only: no composer.
    ...communicationScreens({ compose: false }),
  ]),
];
