import { AppShell } from '../../layout/app-shell.tsx';
import { RequireRole } from '../../require-role.tsx';
import { adminMenu } from './admin-menu.ts';

export function AdminLayout() {
  return (
    <RequireRole role="admin">
      <AppShell role="admin" menu={adminMenu} />
    </RequireRole>
  );
}
