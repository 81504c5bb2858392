import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import PdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import PrintIcon from '@mui/icons-material/PrintOutlined';
import type { CouponRow } from '@portal/shared/schemas/coupons';
import { reportUrl } from '@portal/shared/schemas/reports';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { usePdfReport } from '../../../components/pdf-report-dialog.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { formatDate, formatEuro } from '../../../lib/formatters.ts';
import { useMe } from '../../me/api/get-me.ts';
import { useInstallerCoupons } from '../api/coupons.ts';
import { CouponQr } from './coupon-qr.tsx';
import { CouponStateChip, CouponTotalsBar } from './coupons-table.tsx';
import { failedToLoad, LoadError } from '../../../components/load-error.tsx';

/** An installer holds tens of coupons: one page of the largest size shows them all. */
const ALL = 200;

/** One coupon as a card: what it is worth, until when, its code to read aloud and, while valid, its QR code. */
function CouponCard({ coupon, onVoucher }: { coupon: CouponRow; onVoucher: () => void }) {
  // A valid coupon of a type the manufacturer switched off cannot be redeemed while it stays off: no QR for it.
  const usable = coupon.stato === 'valid' && !coupon.tipodisattivo;
  return (
    <Paper
      variant="outlined"
      component="article"
      aria-label={`Coupon ${coupon.code}`}
      sx={{
        p: 2,
        display: 'flex',
        gap: 2,
        alignItems: 'center',
        borderLeft: 6,
        borderLeftColor: coupon.colore || 'primary.main',
        // A coupon that cannot be used sits on grey; dimming it instead took its texts below legible contrast.
        bgcolor: usable ? 'background.paper' : 'grey.100',
        breakInside: 'avoid',
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
          {coupon.destipo}
        </Typography>
        <Typography variant="h5" component="p">
          {formatEuro(coupon.valore)}
        </Typography>
        <Typography
          variant="h6"
          component="p"
          sx={{ fontFamily: 'monospace', letterSpacing: 2, my: 0.5, wordBreak: 'break-all' }}
        >
          {coupon.code}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <CouponStateChip stato={coupon.stato} />
          {coupon.stato === 'valid' && coupon.tipodisattivo && (
            <Chip size="small" label="Tipo sospeso: non utilizzabile ora" color="warning" variant="outlined" />
          )}
          <Typography variant="body2" color="text.secondary">
            {coupon.stato === 'used'
              ? `Utilizzato il ${formatDate(coupon.dtesecuzione)}${coupon.rivenditore ? ` da ${coupon.rivenditore}` : ''}`
              : `${coupon.stato === 'valid' ? 'Valido fino al' : 'Scaduto il'} ${formatDate(coupon.scadenza)}`}
          </Typography>
        </Box>
        {usable && (
          <Button
            size="small"
            startIcon={<PdfIcon />}
            onClick={onVoucher}
            aria-label={`Buono PDF del coupon ${coupon.code}`}
            sx={{ mt: 1, ml: -0.5, displayPrint: 'none' }}
          >
            Buono PDF
          </Button>
        )}
      </Box>
      {usable && (
        <Box sx={{ flexShrink: 0 }}>
          <CouponQr code={coupon.code} size={112} />
        </Box>
      )}
    </Paper>
  );
}

/**
 * The installer's 'Coupons' window (opened in a new window): valid coupons first with a QR code the
 * reseller's counter scans, then used and expired ones, and the totals.
 */
export function MyCouponsScreen() {
  const me = useMe();
  const coupons = useInstallerCoupons('readcoupons', me.data?.uuid ?? '', 1, ALL);
  const pdf = usePdfReport();
  if (me.isPending || (me.data && coupons.isPending)) return <FullPageSpinner />;
  const error = failedToLoad(me) ? me.error : failedToLoad(coupons) ? coupons.error : null;
  const rows = coupons.data?.data ?? [];
  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 2 }}>
        <PageTitle title="I miei coupon" />
        <Button variant="outlined" size="small" startIcon={<PrintIcon />} onClick={() => window.print()}>
          Stampa
        </Button>
      </Box>
      {error ? (
        <LoadError error={error} />
      ) : (
        <>
          <CouponTotalsBar totals={coupons.data?.totals} />
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Mostra il codice o il QR al tuo rivenditore: lo inserisce lui al banco.
          </Typography>
          {rows.length === 0 ? (
            <Alert severity="info">Non hai coupon.</Alert>
          ) : (
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
              {rows.map((c) => (
                <CouponCard
                  key={c.uuid}
                  coupon={c}
                  onVoucher={() => pdf.show(reportUrl('coupon', c.uuid), `Buono coupon ${c.code}`)}
                />
              ))}
            </Box>
          )}
        </>
      )}
      {pdf.dialog}
    </>
  );
}
