import { UsageStatisticsScreen } from '../../../features/usage-statistics/components/usage-statistics-screen.tsx';

/** /admin/sessions: the usage statistics, with their charts (a chunk of its own, MUI X Charts only here). */
export function AdminSessionsPage() {
  return <UsageStatisticsScreen />;
}
