import { RivenditoriListScreen } from '../../../features/rivenditori/components/rivenditori-list-screen.tsx';

/** /admin/rivenditori : the resellers. */
export function AdminRivenditoriPage() {
  return <RivenditoriListScreen area="admin" />;
}
