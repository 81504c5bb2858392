import { useState } from 'react';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { QueryComboSelect } from '../../../components/combo-select.tsx';
import { useCombo } from '../../combos/api/get-combo.ts';
import { LazyDialog } from '../../../components/lazy-overlays.tsx';

/** The area manager's export picker: one coupon type, switched off ones included, or all. */
export function ExportCouponsDialog({ onClose, onExport }: { onClose: () => void; onExport: (tipo: string) => void }) {
  const types = useCombo('cbotcoupons2');
  const [tipo, setTipo] = useState('');
  return (
    <LazyDialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="export-coupon-title">
      <DialogTitle id="export-coupon-title">Esporta coupon dei rivenditori</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Un foglio con i posatori dell’elenco, il rivenditore che li segue e le cifre dei loro coupon.
        </DialogContentText>
        <QueryComboSelect
          id="export-tipo-coupon"
          label="Tipo coupon"
          query={types}
          value={tipo}
          emptyLabel="Tutti i tipi"
          onChange={setTipo}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Annulla</Button>
        <Button variant="contained" onClick={() => onExport(tipo)}>
          Esporta
        </Button>
      </DialogActions>
    </LazyDialog>
  );
}
