import type { RouteObject } from 'react-router';
import { areaRoutes, communicationScreens } from '../area-routes.tsx';

/** Every /capoarea screen of spec section 2; the built ones are lazy chunks of their own. */
export const capoareaRoutes: RouteObject[] = [
  {
    path: 'posatori',
    lazy: async () => ({ Component: (await import('./capoarea-posatori-page.tsx')).CapoareaPosatoriPage }),
  },
  {
    path: 'posatori/:id',
    lazy: async () => ({ Component: (await import('./capoarea-posatore-page.tsx')).CapoareaPosatorePage }),
  },
  ...areaRoutes('capoarea', [
    { path: '', title: 'Home' },
    { path: 'rivenditori', title: 'Rivenditori' },
    { path: 'rivenditore/:id', title: 'Rivenditore' },
    { path: 'partner', title: 'Partner' },
    { path: 'partner/:id', title: 'Modifica partner' },
    { path: 'newpartner', title: 'Nuovo partner' },
    { path: 'documenti', title: 'Documenti' },
    { path: 'profilo', title: 'Profilo' },
    ...communicationScreens({ compose: true }),
  ]),
];
