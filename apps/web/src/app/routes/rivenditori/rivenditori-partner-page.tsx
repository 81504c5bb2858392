import { PartnersListScreen } from '../../../features/partners/components/partners-list-screen.tsx';

/** /rivenditori/partner : the partners of the reseller's area; those assigned to them can be edited. */
export function RivenditoriPartnerPage() {
  return <PartnersListScreen area="rivenditori" actions={[]} />;
}
