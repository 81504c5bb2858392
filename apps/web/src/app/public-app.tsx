import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { Role } from '@portal/shared/roles';
import { usePathname } from '../lib/public-navigation.ts';
import { ConfirmEmailPage } from './routes/public/confirm-email-page.tsx';
import { LoginPage } from './routes/public/login-page.tsx';
import { PublicLayout } from './routes/public/public-layout.tsx';
import { RecoverPage } from './routes/public/recover-page.tsx';
import { ResetPasswordPage } from './routes/public/reset-password-page.tsx';
import { ResettedPage } from './routes/public/resetted-page.tsx';
import { theme } from './theme.ts';

type PublicAppProps = {
  notice: string | null;
  /** Leaves the public screens for a role area (the full app, loaded then). */
  enterArea: (path: string, roles: Role[]) => void;
};

/**
 * The public screens (/, /recover, /resetted, /resetpwd/{req}, /confermaemail/{token}): the light entry of the app,
 * without the role areas' router, query cache and form library (docs/decisions/0008).
 */
export function PublicApp({ notice, enterArea }: PublicAppProps) {
  const pathname = usePathname();
  const reset = /^\/resetpwd\/([^/]+)/.exec(pathname);
  const emailLink = /^\/confermaemail\/([^/]+)/.exec(pathname);
  let screen;
  if (reset?.[1]) screen = <ResetPasswordPage requestId={reset[1]} />;
  else if (emailLink?.[1]) screen = <ConfirmEmailPage token={emailLink[1]} />;
  else if (pathname.startsWith('/recover')) screen = <RecoverPage />;
  else if (pathname.startsWith('/resetted')) screen = <ResettedPage />;
  else screen = <LoginPage notice={notice} onLoggedIn={enterArea} />;
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <PublicLayout>{screen}</PublicLayout>
    </ThemeProvider>
  );
}
