import { useParams } from 'react-router';
import { PosatoreProfileScreen } from '../../../features/posatori/components/posatore-profile-screen.tsx';

/** /capoarea/posatori/:id : one of the area manager's installers; back to the list after saving. */
export function CapoareaPosatorePage() {
  const { id } = useParams();
  return <PosatoreProfileScreen id={id} variant="capoarea" />;
}
