import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { PageTitle } from '../../../components/page-title.tsx';
import { readWallet } from '../api/wallet-copy.ts';
import { CouponWallet } from './coupon-cards.tsx';

/**
 * The 'Coupons' window when the portal cannot be reached: the copy of the wallet this phone kept the last time the
 * window opened online, said so, with when it was read. None kept (never opened, or a logout since): an Italian
 * notice, never anybody's coupons.
 */
export function OfflineWalletScreen() {
  const copy = readWallet();
  return (
    <Box component="main" sx={{ maxWidth: 960, mx: 'auto', p: { xs: 2, sm: 3 } }}>
      <PageTitle title="I miei coupon" />
      {copy ? (
        <>
          <Alert severity="warning" sx={{ mb: 2 }}>
            Sei offline o il portale non risponde: questi sono i coupon salvati su questo telefono.
          </Alert>
          <CouponWallet coupons={copy.coupons} savedAt={copy.savedAt} />
        </>
      ) : (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" href="/">
              Accedi
            </Button>
          }
        >
          Sei offline e su questo telefono non ci sono coupon salvati: accedi al portale quando sei connesso per
          vederli.
        </Alert>
      )}
    </Box>
  );
}
