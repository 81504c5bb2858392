import { useParams } from 'react-router';
import { RecordWithHistory } from '../../../features/audit/components/record-with-history.tsx';
import { RivenditoreProfileScreen } from '../../../features/rivenditori/components/rivenditore-profile-screen.tsx';

/** /admin/rivenditore/:id : a reseller and their access. */
export function AdminRivenditorePage() {
  const { id } = useParams();
  return (
    <RecordWithHistory entity="rivenditore" id={id}>
      <RivenditoreProfileScreen area="admin" id={id ?? null} />
    </RecordWithHistory>
  );
}
