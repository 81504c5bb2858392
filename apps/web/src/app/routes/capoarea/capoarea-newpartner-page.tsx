import { PartnerProfileScreen } from '../../../features/partners/components/partner-profile-screen.tsx';

/** /capoarea/newpartner : a new partner; once created it opens in its edit screen, for the logo and the payments. */
export function CapoareaNewpartnerPage() {
  return <PartnerProfileScreen area="capoarea" id={null} />;
}
