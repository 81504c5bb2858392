import { PartnerProfileScreen } from '../../../features/partners/components/partner-profile-screen.tsx';

/** /admin/newpartner : a new partner; once created it opens in its edit screen, for the logo and the payments. */
export function AdminNewpartnerPage() {
  return <PartnerProfileScreen area="admin" id={null} />;
}
