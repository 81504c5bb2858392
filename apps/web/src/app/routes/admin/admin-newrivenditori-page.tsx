import { RivenditoreProfileScreen } from '../../../features/rivenditori/components/rivenditore-profile-screen.tsx';

/** /admin/newrivenditori : a new reseller; once created they open in their edit screen, to send the activation. */
export function AdminNewrivenditoriPage() {
  return <RivenditoreProfileScreen area="admin" id={null} />;
}
