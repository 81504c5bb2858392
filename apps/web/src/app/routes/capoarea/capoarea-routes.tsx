import type { RouteObject } from 'react-router';
import { communicationRoutes, documentRoutes, notFoundRoute } from '../area-routes.tsx';

/** Every /capoarea screen; the built ones are lazy chunks of their own. */
export const capoareaRoutes: RouteObject[] = [
  {
    path: 'posatori',
    lazy: async () => ({ Component: (await import('./capoarea-posatori-page.tsx')).CapoareaPosatoriPage }),
  },
  {
    path: 'posatori/:id',
    lazy: async () => ({ Component: (await import('./capoarea-posatore-page.tsx')).CapoareaPosatorePage }),
  },
  {
    path: 'partner',
    lazy: async () => ({ Component: (await import('./capoarea-partner-page.tsx')).CapoareaPartnerPage }),
  },
  {
    path: 'partner/:id',
    lazy: async () => ({ Component: (await import('./capoarea-partner-edit-page.tsx')).CapoareaPartnerEditPage }),
  },
  {
    path: 'newpartner',
    lazy: async () => ({ Component: (await import('./capoarea-newpartner-page.tsx')).CapoareaNewpartnerPage }),
  },
  {
    path: 'rivenditori',
    lazy: async () => ({ Component: (await import('./capoarea-rivenditori-page.tsx')).CapoareaRivenditoriPage }),
  },
  {
    path: 'rivenditore/:id',
    lazy: async () => ({ Component: (await import('./capoarea-rivenditore-page.tsx')).CapoareaRivenditorePage }),
  },
  {
    path: 'profilo',
    lazy: async () => ({ Component: (await import('./capoarea-profilo-page.tsx')).CapoareaProfiloPage }),
  },
  {
    index: true,
    lazy: async () => ({ Component: (await import('./capoarea-home-page.tsx')).CapoareaHomePage }),
  },
  ...communicationRoutes('capoarea', { compose: true }),
  ...documentRoutes('capoarea'),
  {
    path: 'posatori/:id/coupon',
    lazy: async () => {
      const { CouponsViewPage } = await import('../coupon-pages.tsx');
      return { element: <CouponsViewPage area="capoarea" /> };
    },
  },
  notFoundRoute('capoarea'),
];
