import { CapoareaProfileScreen } from '../../../features/capoarea/components/capoarea-profile-screen.tsx';

/** /admin/newcapoarea : a new area manager; once created they open in their edit screen, to send the activation. */
export function AdminNewcapoareaPage() {
  return <CapoareaProfileScreen id={null} />;
}
