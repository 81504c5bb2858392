import { useParams } from 'react-router';
import { PosatoreProfileScreen } from '../../../features/posatori/components/posatore-profile-screen.tsx';

/** /admin/posatori/:id : an installer in admin mode (rules off), with image and gallery; stays here after saving. */
export function AdminPosatorePage() {
  const { id } = useParams();
  return <PosatoreProfileScreen id={id} variant="admin" />;
}
