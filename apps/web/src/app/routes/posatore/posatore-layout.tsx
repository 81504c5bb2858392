import { AppShell } from '../../layout/app-shell.tsx';
import { RequireRole } from '../../require-role.tsx';
import { posatoreMenu } from './posatore-menu.ts';

export function PosatoreLayout() {
  return (
    <RequireRole role="posatore">
      <AppShell role="posatore" menu={posatoreMenu} />
    </RequireRole>
  );
}
