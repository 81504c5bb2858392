import { AppShell } from '../../layout/app-shell.tsx';
import { RequireRole } from '../../require-role.tsx';
import { rivenditoriMenu } from './rivenditori-menu.ts';

export function RivenditoriLayout() {
  return (
    <RequireRole role="rivenditori">
      <AppShell role="rivenditori" menu={rivenditoriMenu} />
    </RequireRole>
  );
}
