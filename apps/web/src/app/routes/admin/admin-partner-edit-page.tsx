import { useParams } from 'react-router';
import { RecordWithHistory } from '../../../features/audit/components/record-with-history.tsx';
import { PartnerProfileScreen } from '../../../features/partners/components/partner-profile-screen.tsx';

/** /admin/partner/:id : the admin edits any partner, with payments; back to the list after saving. */
export function AdminPartnerEditPage() {
  const { id } = useParams();
  return (
    <RecordWithHistory entity="partner" id={id}>
      <PartnerProfileScreen area="admin" id={id ?? null} />
    </RecordWithHistory>
  );
}
