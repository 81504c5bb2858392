import { useParams } from 'react-router';
import { RecordWithHistory } from '../../../features/audit/components/record-with-history.tsx';
import { PosatoreProfileScreen } from '../../../features/posatori/components/posatore-profile-screen.tsx';

/** /admin/posatori/:id : an installer in admin mode (rules off), with image and gallery; stays here after saving. */
export function AdminPosatorePage() {
  const { id } = useParams();
  return (
    <RecordWithHistory entity="posatore" id={id}>
      <PosatoreProfileScreen id={id} variant="admin" />
    </RecordWithHistory>
  );
}
