import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import { msg } from '@portal/shared/messages-it';
import type { CouponRow } from '@portal/shared/schemas/coupons';
import { reportUrl } from '@portal/shared/schemas/reports';
import { QueryComboSelect } from '../../../components/combo-select.tsx';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { usePdfReport } from '../../../components/pdf-report-dialog.tsx';
import { Pager } from '../../../components/pager.tsx';
import { errorReason } from '../../../lib/api-error.ts';
import { useCombo } from '../../combos/api/get-combo.ts';
import { useAssignCoupons, useDeleteCoupon, useInstallerCoupons, useSetCoupon } from '../api/coupons.ts';
import { assignedText } from './assign-coupons-dialog.tsx';
import { CouponTotalsBar } from './coupon-cards.tsx';
import { CouponsTable, renewalExpiry } from './coupons-table.tsx';
import { failedToLoad, LoadError } from '../../../components/load-error.tsx';
import { LazyDialog } from '../../../components/lazy-overlays.tsx';

/**
 * 'Gestisci coupons': the installer's coupons with type and expiry editable while not redeemed,
 * 'Rinnova 3 mesi' and delete (after a confirmation); and new coupons of an active type for this installer.
 */
export function ManageCouponsDialog({
  posatore,
  name,
  onClose,
}: {
  posatore: string;
  name: string;
  onClose: () => void;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [page, setPage] = useState(1);
  const coupons = useInstallerCoupons('coupons', posatore, page, 10);
  const types = useCombo('cbotcoupons');
  const setCoupon = useSetCoupon();
  const remove = useDeleteCoupon();
  const assign = useAssignCoupons();
  const [tipo, setTipo] = useState('');
  const { confirm, dialog } = useConfirm();
  const pdf = usePdfReport();
  // Outcomes are told inside the dialog: a toast behind a modal dialog is hidden from screen readers.
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const failed = (error: unknown) => setNotice({ ok: false, text: errorReason(error, msg.erroreSalvataggio) });
  const saved = (text: string) => () => setNotice({ ok: true, text });
  const data = coupons.data;

  const change = (c: CouponRow, body: { ptipo: string } | { pscadenza: string }, done: string) =>
    setCoupon.mutate({ id: c.uuid, body }, { onSuccess: saved(done), onError: failed });

  return (
    <LazyDialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="lg"
      fullScreen={phone}
      aria-labelledby="gestisci-coupons-title"
    >
      <DialogTitle id="gestisci-coupons-title">Gestisci coupons · {name}</DialogTitle>
      <DialogContent>
        <CouponTotalsBar totals={data?.totals} />
        {notice && (
          <Alert severity={notice.ok ? 'success' : 'error'} role="status" sx={{ mb: 2 }}>
            {notice.text}
          </Alert>
        )}
        {failedToLoad(coupons) ? (
          <LoadError error={coupons.error} />
        ) : (
          <CouponsTable
            rows={data?.data ?? []}
            loading={coupons.isFetching}
            onVoucher={(c) => pdf.show(reportUrl('coupon', c.uuid), `Buono coupon ${c.code}`)}
            editing={{
              types: types.data ?? [],
              busy: setCoupon.isPending || remove.isPending,
              onType: (c, ptipo) => change(c, { ptipo }, 'Tipo del coupon cambiato'),
              onExpiry: (c, pscadenza) => change(c, { pscadenza }, 'Scadenza cambiata'),
              onRenew: (c) => change(c, { pscadenza: renewalExpiry() }, 'Coupon rinnovato per 3 mesi'),
              onDelete: (c) =>
                void confirm(`Confermi l'eliminazione del coupon ${c.code}?`).then(
                  (yes) => yes && remove.mutate(c.uuid, { onSuccess: saved('Coupon eliminato'), onError: failed }),
                ),
            }}
            footer={data && <Pager page={data.page} pages={data.pages} onChange={setPage} label="Pagine dei coupon" />}
          />
        )}
        <Box
          component="form"
          aria-label="Assegna coupon"
          onSubmit={(event) => {
            event.preventDefault();
            if (!tipo) return setNotice({ ok: false, text: 'Scegli il tipo di coupon da assegnare' });
            assign.mutate(
              { tipo, posatore },
              { onSuccess: (r) => setNotice({ ok: true, text: assignedText(r.coupon, r.posatori) }), onError: failed },
            );
          }}
          sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}
        >
          <Box sx={{ minWidth: 240, flex: { xs: 1, sm: 'none' } }}>
            <QueryComboSelect
              id="assegna-tipo"
              label="Tipo coupon"
              size="small"
              query={types}
              value={tipo}
              emptyLabel="Scegli…"
              onChange={setTipo}
            />
          </Box>
          <Button type="submit" variant="contained" startIcon={<AddIcon />} loading={assign.isPending}>
            Assegna coupon
          </Button>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Chiudi</Button>
      </DialogActions>
      {dialog}
      {pdf.dialog}
    </LazyDialog>
  );
}
