import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { OfflineWalletScreen } from '../features/coupons/components/offline-wallet-screen.tsx';
import { theme } from './theme.ts';

/**
 * /posatore/coupons when the server cannot be reached (main.tsx): the installer's saved coupons, without the role
 * areas (router, query cache, menu), which need the server. Precached by the service worker with the entry
 * (scripts/offline-precache.ts names this module).
 */
export function OfflineWalletApp() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <OfflineWalletScreen />
    </ThemeProvider>
  );
}
