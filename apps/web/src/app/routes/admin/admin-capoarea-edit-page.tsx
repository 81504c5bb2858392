import { useParams } from 'react-router';
import { CapoareaProfileScreen } from '../../../features/capoarea/components/capoarea-profile-screen.tsx';

/** /admin/capoarea/:id : an area manager, their provinces and their access. */
export function AdminCapoareaEditPage() {
  const { id } = useParams();
  return <CapoareaProfileScreen id={id ?? null} />;
}
