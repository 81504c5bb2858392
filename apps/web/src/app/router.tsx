import { createBrowserRouter, type RouteObject } from 'react-router';
import { FullPageSpinner } from '../components/full-page-spinner.tsx';
import { PageNotFound } from '../components/page-not-found.tsx';
import { RouteError } from '../components/route-error.tsx';
import { adminRoutes } from './routes/admin/admin-routes.tsx';
import { capoareaRoutes } from './routes/capoarea/capoarea-routes.tsx';
import { posatoreRoutes } from './routes/posatore/posatore-routes.tsx';
import { LoginPage } from './routes/public/login-page.tsx';
import { PublicLayout } from './routes/public/public-layout.tsx';
import { RecoverPage } from './routes/public/recover-page.tsx';
import { ResetPasswordPage } from './routes/public/reset-password-page.tsx';
import { ResettedPage } from './routes/public/resetted-page.tsx';
import { rivenditoriRoutes } from './routes/rivenditori/rivenditori-routes.tsx';

// The public screens are in the entry chunk so the login page paints at once; each role area
// (shell, side menu, icons, its pages) is a lazy chunk fetched after login.
const routes: RouteObject[] = [
  {
    path: '/',
    ErrorBoundary: RouteError,
    HydrateFallback: FullPageSpinner,
    children: [
      {
        Component: PublicLayout,
        children: [
          { index: true, Component: LoginPage },
          { path: 'recover', Component: RecoverPage },
          { path: 'resetted', Component: ResettedPage },
          { path: 'resetpwd/:req', Component: ResetPasswordPage },
          { path: '*', element: <PageNotFound homePath="/" homeLabel="Vai alla pagina di accesso" framed={false} /> },
        ],
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

export const router = createBrowserRouter(routes);
