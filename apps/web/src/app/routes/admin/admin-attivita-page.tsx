import { ActivityScreen } from '../../../features/audit/components/activity-screen.tsx';

/** /admin/attivita: the audit trail with its filters. */
export function AdminAttivitaPage() {
  return <ActivityScreen />;
}
