import type { RouteObject } from 'react-router';
import { communicationRoutes, documentRoutes, notFoundRoute } from '../area-routes.tsx';

/** Every /rivenditori screen; the built ones are lazy chunks of their own. */
export const rivenditoriRoutes: RouteObject[] = [
  {
    path: 'posatori',
    lazy: async () => ({ Component: (await import('./rivenditori-posatori-page.tsx')).RivenditoriPosatoriPage }),
  },
  {
    path: 'posatori/:id',
    lazy: async () => ({ Component: (await import('./rivenditori-posatore-page.tsx')).RivenditoriPosatorePage }),
  },
  {
    path: 'partner',
    lazy: async () => ({ Component: (await import('./rivenditori-partner-page.tsx')).RivenditoriPartnerPage }),
  },
  {
    path: 'partner/:id',
    lazy: async () => ({
      Component: (await import('./rivenditori-partner-edit-page.tsx')).RivenditoriPartnerEditPage,
    }),
  },
  {
    path: 'profilo',
    lazy: async () => ({ Component: (await import('./rivenditori-profilo-page.tsx')).RivenditoriProfiloPage }),
  },
  {
    index: true,
    lazy: async () => ({ Component: (await import('./rivenditori-home-page.tsx')).RivenditoriHomePage }),
  },
  ...communicationRoutes('rivenditori', { compose: true }),
  ...documentRoutes('rivenditori'),
  notFoundRoute('rivenditori'),
];
