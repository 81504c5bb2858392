import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { landingRole } from '@portal/shared/roles';
import { FullPageSpinner } from '../components/full-page-spinner.tsx';
import { useRoles } from '../features/auth/api/get-session.ts';

/**
 * The login and recover pages send a logged-in visitor to their area: '/' + the first of
 * admin, posatore, capoarea, rivenditori they hold. A successful login lands here too.
 */
export function RedirectIfLoggedIn({ children }: { children: ReactNode }) {
  const roles = useRoles();
  if (roles === undefined) return <FullPageSpinner />;
  const landing = landingRole(roles);
  if (landing) return <Navigate to={`/${landing}`} replace />;
  return children;
}
