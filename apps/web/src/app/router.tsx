import { createBrowserRouter, type RouteObject } from 'react-router';
import { FullPageSpinner } from '../components/full-page-spinner.tsx';
import { PageNotFound } from '../components/page-not-found.tsx';
import { RouteError } from '../components/route-error.tsx';
import { adminRoutes } from './routes/admin/admin-routes.tsx';
import { capoareaRoutes } from './routes/capoarea/capoarea-routes.tsx';
import { posatoreRoutes } from './routes/posatore/posatore-routes.tsx';
import { PublicLayout } from './routes/public/public-layout.tsx';
import { ToPublicScreens } from './to-public-screens.tsx';
import { rivenditoriRoutes } from './routes/rivenditori/rivenditori-routes.tsx';

// The role areas, each a lazy chunk (shell, side menu, icons, its pages). The public screens are the other entry
// (public-app.tsx): an address of theirs reached from here (a logout, an expired session) loads that entry.
const routes: RouteObject[] = [
  {
    path: '/',
    ErrorBoundary: RouteError,
    HydrateFallback: FullPageSpinner,
    children: [
      { index: true, Component: ToPublicScreens },
      { path: 'recover', Component: ToPublicScreens },
      { path: 'resetted', Component: ToPublicScreens },
      { path: 'resetpwd/:req', Component: ToPublicScreens },
      { path: 'confermaemail/:token', Component: ToPublicScreens },
      // The link of a message's notification e-mail (communication-pages.tsx).
      {
        path: 'msg/:id',
        lazy: async () => ({ Component: (await import('./routes/communication-pages.tsx')).MessageLinkPage }),
      },
      {
        path: '*',
        element: (
          <PublicLayout>
            <PageNotFound homePath="/" homeLabel="Vai alla pagina di accesso" framed={false} />
          </PublicLayout>
        ),
      },
      {
        path: 'admin',
        lazy: async () => ({ Component: (await import('./routes/admin/admin-layout.tsx')).AdminLayout }),
        children: adminRoutes,
      },
      {
        path: 'posatore',
        lazy: async () => ({ Component: (await import('./routes/posatore/posatore-layout.tsx')).PosatoreLayout }),
        children: posatoreRoutes,
      },
      {
        path: 'capoarea',
        lazy: async () => ({ Component: (await import('./routes/capoarea/capoarea-layout.tsx')).CapoareaLayout }),
        children: capoareaRoutes,
      },
      {
        path: 'rivenditori',
        lazy: async () => ({
          Component: (await import('./routes/rivenditori/rivenditori-layout.tsx')).RivenditoriLayout,
        }),
        children: rivenditoriRoutes,
      },
    ],
  },
];

/** Made when the role areas first show, so it starts from the address they show (main.tsx sets it just before). */
export const createRouter = () => createBrowserRouter(routes);
