import { useParams } from 'react-router';
import { RecordWithHistory } from '../../../features/audit/components/record-with-history.tsx';
import { CapoareaProfileScreen } from '../../../features/capoarea/components/capoarea-profile-screen.tsx';

/** /admin/capoarea/:id : an area manager, their provinces and their access. */
export function AdminCapoareaEditPage() {
  const { id } = useParams();
  return (
    <RecordWithHistory entity="capoarea" id={id}>
      <CapoareaProfileScreen id={id ?? null} />
    </RecordWithHistory>
  );
}
