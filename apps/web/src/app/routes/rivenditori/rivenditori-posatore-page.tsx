import { useParams } from 'react-router';
import { PosatoreProfileScreen } from '../../../features/posatori/components/posatore-profile-screen.tsx';

/** /rivenditori/posatori/:id : one of the reseller's installers, read-only, with 'USA COUPON'. */
export function RivenditoriPosatorePage() {
  const { id } = useParams();
  return <PosatoreProfileScreen id={id} variant="rivenditori" />;
}
