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
  {
    path: 'partner',
    lazy: async () => ({ Component: (await import('./admin-partner-page.tsx')).AdminPartnerPage }),
  },
  {
    path: 'partner/:id',
    lazy: async () => ({ Component: (await import('./admin-partner-edit-page.tsx')).AdminPartnerEditPage }),
  },
  {
    path: 'newpartner',
    lazy: async () => ({ Component: (await import('./admin-newpartner-page.tsx')).AdminNewpartnerPage }),
  },
  {
    path: 'capoarea',
    lazy: async () => ({ Component: (await import('./admin-capoarea-page.tsx')).AdminCapoareaPage }),
  },
  {
    path: 'capoarea/:id',
    lazy: async () => ({ Component: (await import('./admin-capoarea-edit-page.tsx')).AdminCapoareaEditPage }),
  },
  {
    path: 'newcapoarea',
    lazy: async () => ({ Component: (await import('./admin-newcapoarea-page.tsx')).AdminNewcapoareaPage }),
  },
  {
    path: 'rivenditori',
    lazy: async () => ({ Component: (await import('./admin-rivenditori-page.tsx')).AdminRivenditoriPage }),
  },
  {
    path: 'rivenditore/:id',
    lazy: async () => ({ Component: (await import('./admin-rivenditore-page.tsx')).AdminRivenditorePage }),
  },
  {
    path: 'newrivenditori',
    lazy: async () => ({ Component: (await import('./admin-newrivenditori-page.tsx')).AdminNewrivenditoriPage }),
  },
  {
    path: 'profilo',
    lazy: async () => ({ Component: (await import('./admin-profilo-page.tsx')).AdminProfiloPage }),
  },
  ...areaRoutes('admin', [
    { path: '', title: 'Home' },
    { path: 'impposatori/:id', title: 'Posatori importati' },
    { path: 'documenti', title: 'Documenti' },
    { path: 'moddoc/:id', title: 'Modifica documento' },
    { path: 'tcoupons', title: 'Tipi coupon' },
    { path: 'newtcoupon', title: 'Nuovo tipo coupon' },
    { path: 'edittcoupon/:id', title: 'Modifica tipo coupon' },
    { path: 'importazione', title: 'Importazione' },
    { path: 'sessions', title: 'Statistiche di utilizzo' },
    { path: 'report', title: 'Report' },
    { path: 'newcomm', title: 'Nuova comunicazione' },
    ...communicationScreens({ compose: true }),
  ]),
];
