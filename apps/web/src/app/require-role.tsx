import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import type { Role } from '@portal/shared/roles';
import { FullPageSpinner } from '../components/full-page-spinner.tsx';
import { useRoles } from '../features/auth/api/get-session.ts';

/** A role area needs a session holding that role; anyone else goes to the login page. */
export function RequireRole({ role, children }: { role: Role; children: ReactNode }) {
  const roles = useRoles();
  if (roles === undefined) return <FullPageSpinner />;
  if (!roles.includes(role)) return <Navigate to="/" replace />;
  return children;
}
