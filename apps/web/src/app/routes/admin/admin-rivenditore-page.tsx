import { useParams } from 'react-router';
import { RivenditoreProfileScreen } from '../../../features/rivenditori/components/rivenditore-profile-screen.tsx';

/** /admin/rivenditore/:id : a reseller and their access. */
export function AdminRivenditorePage() {
  const { id } = useParams();
  return <RivenditoreProfileScreen area="admin" id={id ?? null} />;
}
