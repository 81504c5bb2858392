import { AppShell } from '../../layout/app-shell.tsx';
import { RequireRole } from '../../require-role.tsx';
import { capoareaMenu } from './capoarea-menu.ts';

export function CapoareaLayout() {
  return (
    <RequireRole role="capoarea">
      <AppShell role="capoarea" menu={capoareaMenu} />
    </RequireRole>
  );
}
