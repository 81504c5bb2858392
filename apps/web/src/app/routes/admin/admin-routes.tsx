import type { RouteObject } from 'react-router';
import { areaRoutes, communicationScreens } from '../area-routes.tsx';

/** Every /admin screen of spec section 2; the built ones are lazy chunks of their own. */
export const adminRoutes: RouteObject[] = [
  {
    path: 'posatori',
    lazy: async () => ({ Component: (await import('./admin-posatori-page.tsx')).AdminPosatoriPage }),
  },
  {
    path: 'posatori/:id',
    lazy: async () => ({ Component: (await import('./admin-posatore-page.tsx')).AdminPosatorePage }),
  },
  ...areaRoutes('admin', [
    { path: '', title: 'Home' },
    { path: 'impposatori/:id', title: 'Posatori importati' },
    { path: 'partner', title: 'Aziende partner' },
    { path: 'partner/:id', title: 'Modifica partner' },
    { path: 'newpartner', title: 'Nuovo partner' },
    { path: 'capoarea', title: 'Capo Area' },
    { path: 'capoarea/:id', title: 'Modifica capo area' },
    { path: 'newcapoarea', title: 'Nuovo capo area' },
    { path: 'rivenditori', title: 'Rivenditori' },
    { path: 'rivenditore/:id', title: 'Modifica rivenditore' },
    { path: 'newrivenditori', title: 'Nuovo rivenditore' },
    { path: 'documenti', title: 'Documenti' },
    { path: 'moddoc/:id', title: 'Modifica documento' },
    { path: 'tcoupons', title: 'Tipi coupon' },
    { path: 'newtcoupon', title: 'Nuovo tipo coupon' },
    { path: 'edittcoupon/:id', title: 'Modifica tipo coupon' },
    { path: 'importazione', title: 'Importazione' },
    { path: 'sessions', title: 'Statistiche di utilizzo' },
    { path: 'report', title: 'Report' },
    { path: 'profilo', title: 'Profilo' },
    { path: 'newcomm', title: 'Nuova comunicazione' },
    ...communicationScreens({ compose: true }),
  ]),
];
