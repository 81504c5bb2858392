import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { msg } from '@portal/shared/messages-it';
import type { AssignCouponsBody } from '@portal/shared/schemas/coupons';
import { ComboSelect } from '../../../components/combo-select.tsx';
import { errorReason } from '../../../lib/api-error.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { useAssignCoupons } from '../api/coupons.ts';
import { useCouponTypes } from '../api/coupon-types.ts';
import { usePosatori } from '../../posatori/api/get-posatori.ts';
import { LazyDialog } from '../../../components/lazy-overlays.tsx';
import { formatCount } from '../../../lib/formatters.ts';

/** '1 coupon assegnato a 1 posatore', '40 coupon assegnati a 20 posatori'. */
export function assignedText(coupon: number, posatori: number): string {
  return `${formatCount(coupon)} coupon ${coupon === 1 ? 'assegnato' : 'assegnati'} a ${formatCount(posatori)} ${posatori === 1 ? 'posatore' : 'posatori'}`;
}

type Filtro = Extract<AssignCouponsBody, { filtro: unknown }>['filtro'];

/**
 * Coupons for every installer of the admin's list as filtered now: the type, then how many coupons that
 * makes for how many installers, and one confirmation before anything is written.
 */
export function AssignCouponsDialog({ filtro, onClose }: { filtro: Filtro; onClose: () => void }) {
  // The installers the list shows with these filters: its reccount, for one row's page.
  const listed = usePosatori('/api/posatori', { ...filtro, size: 1 });
  const count = listed.data?.reccount ?? 0;
  const types = useCouponTypes();
  const assign = useAssignCoupons();
  const [tipo, setTipo] = useState('');
  const [failure, setFailure] = useState('');
  const active = (types.data ?? []).filter((t) => !t.disattiva);
  const chosen = active.find((t) => t.uuid === tipo);
  const total = chosen ? chosen.ncoupon * count : 0;
  return (
    <LazyDialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="assegna-title">
      <DialogTitle id="assegna-title">Assegna coupon ai posatori dell’elenco</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {listed.isPending
            ? 'Conteggio dei posatori dell’elenco…'
            : count === 1
              ? 'I coupon vanno a 1 posatore: quello che l’elenco mostra con i filtri attuali.'
              : `I coupon vanno a tutti i ${formatCount(count)} posatori che l’elenco mostra con i filtri attuali.`}
        </DialogContentText>
        <ComboSelect
          id="assegna-lista-tipo"
          label="Tipo coupon"
          options={active.map((t) => ({ value: t.uuid, label: t.tipo }))}
          loading={types.isPending}
          value={tipo}
          emptyLabel="Scegli…"
          onChange={setTipo}
        />
        {chosen && (
          <Alert severity="info" sx={{ mt: 2 }}>
            {`${total === 1 ? 'Verrà creato 1 coupon' : `Verranno creati ${formatCount(total)} coupon`} (${chosen.ncoupon} per posatore), validi ${chosen.mesi} mesi.`}
          </Alert>
        )}
        {failure && (
          <Alert severity="error" role="status" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Annulla</Button>
        <Button
          variant="contained"
          disabled={!chosen || count === 0}
          loading={assign.isPending}
          onClick={() =>
            assign.mutate(
              { tipo, filtro },
              {
                onSuccess: (r) => {
                  showToast(assignedText(r.coupon, r.posatori), 'success');
                  onClose();
                },
                // Told in the dialog: a toast behind it would be hidden from screen readers.
                onError: (error) => setFailure(errorReason(error, msg.erroreSalvataggio)),
              },
            )
          }
        >
          Assegna
        </Button>
      </DialogActions>
    </LazyDialog>
  );
}
