import { ReportsScreen } from '../../../features/reports/components/reports-screen.tsx';

/** /admin/report: the PDF reports an admin can produce. */
export function AdminReportPage() {
  return <ReportsScreen />;
}
