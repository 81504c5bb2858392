import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import PdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import {
  couponStatoLabels,
  type CouponRow,
  type CouponStato,
  type CouponTotals,
  type CouponsPage,
} from '@portal/shared/schemas/coupons';
import { formatDate, formatDayAndTime, formatEuro } from '../../../lib/formatters.ts';
import { CouponQr } from './coupon-qr.tsx';

/*
 * The pieces of an installer's coupons that need no server: the 'Coupons' window draws them online
 * (my-coupons-screen.tsx) and from the copy kept on the phone offline (offline-wallet-screen.tsx), the same way.
 */

const stateColours: Record<CouponStato, 'success' | 'default' | 'warning'> = {
  valid: 'success',
  used: 'default',
  expired: 'warning',
};

export function CouponStateChip({ stato }: { stato: CouponStato }) {
  return <Chip size="small" label={couponStatoLabels[stato]} color={stateColours[stato]} variant="outlined" />;
}

/** Totals of an installer's coupons: how many and how much, in each state. */
export function CouponTotalsBar({ totals }: { totals: CouponTotals | undefined }) {
  const items: [string, keyof CouponTotals][] = [
    ['Totali', 'tot'],
    ['Validi', 'valid'],
    ['Utilizzati', 'used'],
    ['Scaduti', 'expired'],
  ];
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' }, gap: 1, m: 0, mb: 2 }}
    >
      {items.map(([label, key]) => (
        <Paper key={key} variant="outlined" sx={{ p: 1.5 }}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="h6" sx={{ m: 0 }}>
            {totals ? totals[key].n : '…'}
            <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
              {totals ? formatEuro(totals[key].valore) : ''}
            </Typography>
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}

/**
 * One coupon as a card: what it is worth, until when, its code to read aloud and, while valid, its QR code. The
 * PDF voucher needs the server: without `onVoucher` (offline) there is no button for it.
 */
function CouponCard({ coupon, onVoucher }: { coupon: CouponRow; onVoucher: (() => void) | undefined }) {
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
        {usable && onVoucher && (
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
 * The wallet: totals, when the list was read ('Aggiornato il …'), and one card per coupon, valid ones first as the
 * server orders them. `onVoucher` opens a coupon's PDF voucher; absent offline.
 */
export function CouponWallet({
  coupons,
  savedAt,
  onVoucher,
}: {
  coupons: CouponsPage;
  savedAt: string;
  onVoucher?: ((coupon: CouponRow) => void) | undefined;
}) {
  return (
    <>
      <CouponTotalsBar totals={coupons.totals} />
      <Typography variant="body2" color="text.secondary">
        Mostra il codice o il QR al tuo rivenditore: lo inserisce lui al banco.
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Aggiornato {formatDayAndTime(savedAt)}
      </Typography>
      {coupons.data.length === 0 ? (
        <Alert severity="info">Non hai coupon.</Alert>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
          {coupons.data.map((c) => (
            <CouponCard key={c.uuid} coupon={c} onVoucher={onVoucher && (() => onVoucher(c))} />
          ))}
        </Box>
      )}
    </>
  );
}
