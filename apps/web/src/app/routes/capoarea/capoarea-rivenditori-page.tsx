import { RivenditoriListScreen } from '../../../features/rivenditori/components/rivenditori-list-screen.tsx';

/** /capoarea/rivenditori : the resellers in the area manager's reach. */
export function CapoareaRivenditoriPage() {
  return <RivenditoriListScreen area="capoarea" />;
}
