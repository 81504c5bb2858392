import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { useAvatar } from '../../../features/avatar/api/get-avatar.ts';

/**
 * An installer whose stato is not OK (incomplete or suspended) has Home and the profile only.
 * The menu hides the rest; this keeps the rest out of reach by URL too, back to Home.
 */
export function RequireStatoOk({ children }: { children: ReactNode }) {
  const avatar = useAvatar();
  if (avatar.isPending) return <FullPageSpinner />;
  if (avatar.data?.stato !== 'OK') return <Navigate to="/posatore" replace />;
  return children;
}
