import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import PrintIcon from '@mui/icons-material/PrintOutlined';
import { reportUrl } from '@portal/shared/schemas/reports';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { usePdfReport } from '../../../components/pdf-report-dialog.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useMe } from '../../me/api/get-me.ts';
import { useMyWallet } from '../api/get-my-wallet.ts';
import { CouponWallet } from './coupon-cards.tsx';
import { failedToLoad, LoadError } from '../../../components/load-error.tsx';

/**
 * The installer's 'Coupons' window (opened in a new window): valid coupons first with a QR code the
 * reseller's counter scans, then used and expired ones, and the totals. What it shows is also kept on the phone,
 * so the window opens offline too (offline-wallet-screen.tsx).
 */
export function MyCouponsScreen() {
  const me = useMe();
  const wallet = useMyWallet(me.data?.uuid ?? '');
  const pdf = usePdfReport();
  if (me.isPending || (me.data && wallet.isPending)) return <FullPageSpinner />;
  const error = failedToLoad(me) ? me.error : failedToLoad(wallet) ? wallet.error : null;
  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 2 }}>
        <PageTitle title="I miei coupon" />
        <Button variant="outlined" size="small" startIcon={<PrintIcon />} onClick={() => window.print()}>
          Stampa
        </Button>
      </Box>
      {error || !wallet.data ? (
        <LoadError error={error} />
      ) : (
        <>
          {wallet.data.offline && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              Il portale non risponde: questi sono i coupon salvati su questo telefono.
            </Alert>
          )}
          <CouponWallet
            coupons={wallet.data.coupons}
            savedAt={wallet.data.savedAt}
            onVoucher={
              wallet.data.offline ? undefined : (c) => pdf.show(reportUrl('coupon', c.uuid), `Buono coupon ${c.code}`)
            }
          />
        </>
      )}
      {pdf.dialog}
    </>
  );
}
