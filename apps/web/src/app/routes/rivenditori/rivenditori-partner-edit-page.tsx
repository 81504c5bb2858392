import { useParams } from 'react-router';
import { PartnerProfileScreen } from '../../../features/partners/components/partner-profile-screen.tsx';

/** /rivenditori/partner/:id : a partner of the reseller's area: saved only when assigned to them; no payments. */
export function RivenditoriPartnerEditPage() {
  const { id } = useParams();
  return <PartnerProfileScreen area="rivenditori" id={id ?? null} />;
}
