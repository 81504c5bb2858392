import { CapoareaListScreen } from '../../../features/capoarea/components/capoarea-list-screen.tsx';

/** /admin/capoarea : the area managers. */
export function AdminCapoareaPage() {
  return <CapoareaListScreen />;
}
