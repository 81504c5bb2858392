import { useParams } from 'react-router';
import { RivenditoreProfileScreen } from '../../../features/rivenditori/components/rivenditore-profile-screen.tsx';

/** /capoarea/rivenditore/:id : the reseller form in capoarea mode, read-only, without the save button. */
export function CapoareaRivenditorePage() {
  const { id } = useParams();
  return <RivenditoreProfileScreen area="capoarea" id={id ?? null} />;
}
