import type { RouteObject } from 'react-router';
import { communicationRoutes, documentRoutes, notFoundRoute } from '../area-routes.tsx';

/** Every /admin screen; the built ones are lazy chunks of their own. */
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
  {
    index: true,
    lazy: async () => ({ Component: (await import('./admin-home-page.tsx')).AdminHomePage }),
  },
  ...communicationRoutes('admin', { compose: true }),
  ...documentRoutes('admin'),
  {
    path: 'moddoc/:id',
    lazy: async () => ({ Component: (await import('../document-pages.tsx')).DocumentEditPage }),
  },
  {
    path: 'newcomm',
    lazy: async () => {
      const { ComposerPage } = await import('../communication-pages.tsx');
      return { element: <ComposerPage area="admin" /> };
    },
  },
  {
    path: 'tcoupons',
    lazy: async () => ({ Component: (await import('../coupon-pages.tsx')).CouponTypesPage }),
  },
  {
    path: 'newtcoupon',
    lazy: async () => ({ Component: (await import('../coupon-pages.tsx')).NewCouponTypePage }),
  },
  {
    path: 'edittcoupon/:id',
    lazy: async () => ({ Component: (await import('../coupon-pages.tsx')).EditCouponTypePage }),
  },
  {
    path: 'posatori/:id/coupon',
    lazy: async () => {
      const { CouponsViewPage } = await import('../coupon-pages.tsx');
      return { element: <CouponsViewPage area="admin" /> };
    },
  },
  {
    path: 'sessions',
    lazy: async () => ({ Component: (await import('./admin-sessions-page.tsx')).AdminSessionsPage }),
  },
  {
    path: 'attivita',
    lazy: async () => ({ Component: (await import('./admin-attivita-page.tsx')).AdminAttivitaPage }),
  },
  {
    path: 'report',
    lazy: async () => ({ Component: (await import('./admin-report-page.tsx')).AdminReportPage }),
  },
  {
    path: 'importazione',
    lazy: async () => ({ Component: (await import('./admin-importazione-page.tsx')).AdminImportazionePage }),
  },
  {
    path: 'impposatori/:id',
    lazy: async () => ({ Component: (await import('./admin-impposatori-page.tsx')).AdminImpposatoriPage }),
  },
  notFoundRoute('admin'),
];
