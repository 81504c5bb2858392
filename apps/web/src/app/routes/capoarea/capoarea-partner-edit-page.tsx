import { useParams } from 'react-router';
import { PartnerProfileScreen } from '../../../features/partners/components/partner-profile-screen.tsx';

/** /capoarea/partner/:id : a partner of the area manager, with payments; back to the list after saving. */
export function CapoareaPartnerEditPage() {
  const { id } = useParams();
  return <PartnerProfileScreen area="capoarea" id={id ?? null} />;
}
