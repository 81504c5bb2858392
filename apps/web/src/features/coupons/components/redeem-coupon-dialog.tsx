import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { msg } from '@portal/shared/messages-it';
import { couponCodeProblem, normalizeCouponCode } from '@portal/shared/validation/coupon-code';
import { TextInput } from '../../../components/text-input.tsx';
import { errorReason } from '../../../lib/api-error.ts';
import { useRedeemCoupon } from '../api/coupons.ts';
import { submitHandler } from '../../../lib/submit-handler.ts';
import { LazyDialog } from '../../../components/lazy-overlays.tsx';

type Outcome = { ok: boolean; text: string; detail?: string | undefined };

/**
 * The reseller's 'USA COUPON' dialog, titled 'Copoun' as the spec writes it: a code field, typed or filled by a QR
 * scanner. The code's check symbol is verified here first, so a typo reads 'Coupon non valido' without a request,
 * with what is wrong in it; the answer is 'Coupon {code} utilizzato correttamente' or 'Coupon non valido'.
 */
export function RedeemCouponDialog({ posatore, onClose }: { posatore: string; onClose: () => void }) {
  const redeem = useRedeemCoupon(posatore);
  const [code, setCode] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const submit = () => {
    const normalized = normalizeCouponCode(code);
    if (!normalized) {
      setOutcome({ ok: false, text: msg.couponNonValido, detail: couponCodeProblem(code) });
      return;
    }
    redeem.mutate(normalized, {
      onSuccess: (reply) => {
        if (reply.res === 'OK') {
          setOutcome({ ok: true, text: msg.couponUtilizzato(reply.code) });
          setCode('');
        } else {
          setOutcome({
            ok: false,
            text: msg.couponNonValido,
            detail: reply.reason === msg.couponNonValido ? undefined : reply.reason,
          });
        }
      },
      onError: (error) =>
        setOutcome({ ok: false, text: msg.couponNonValido, detail: errorReason(error, '') || undefined }),
    });
  };

  return (
    <LazyDialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="copoun-title">
      <DialogTitle id="copoun-title">Copoun</DialogTitle>
      <DialogContent>
        <Box component="form" id="copoun-form" noValidate onSubmit={submitHandler(submit)}>
          <TextInput
            id="coupon-code"
            label="Codice coupon"
            value={code}
            onChange={(value) => {
              setCode(value.toUpperCase());
              setOutcome(null);
            }}
            autoFocus
            autoComplete="off"
            fullWidth
            margin="dense"
            slotProps={{ htmlInput: { maxLength: 20, autoCapitalize: 'characters', spellCheck: false } }}
          />
          {outcome && (
            <Alert severity={outcome.ok ? 'success' : 'error'} sx={{ mt: 2 }} role="status">
              {outcome.text}
              {outcome.detail && <div>{outcome.detail}</div>}
            </Alert>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Chiudi</Button>
        <Button type="submit" form="copoun-form" variant="contained" loading={redeem.isPending}>
          Usa coupon
        </Button>
      </DialogActions>
    </LazyDialog>
  );
}
