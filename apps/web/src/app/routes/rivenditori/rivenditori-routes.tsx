import type { RouteObject } from 'react-router';
import { areaRoutes, communicationScreens } from '../area-routes.tsx';

/** Every /rivenditori screen of spec section 2; the built ones are lazy chunks of their own. */
export const rivenditoriRoutes: RouteObject[] = [
  {
    path: 'posatori',
    lazy: async () => ({ Component: (await import('./rivenditori-posatori-page.tsx')).RivenditoriPosatoriPage }),
  },
  {
    path: 'posatori/:id',
    lazy: async () => ({ Component: (await import('./rivenditori-posatore-page.tsx')).RivenditoriPosatorePage }),
  },
  ...areaRoutes('rivenditori', [
    { path: '', title: 'Home' },
    { path: 'partner', title: 'Partner' },
    { path: 'partner/:id', title: 'Partner' },
    { path: 'documenti', title: 'Documenti' },
    { path: 'profilo', title: 'Profilo' },
    ...communicationScreens({ compose: true }),
  ]),
];
