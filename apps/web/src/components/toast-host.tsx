import Alert from '@mui/material/Alert';
import { dismissToast, useToast } from '../lib/toast-store.ts';
import { LazySnackbar } from './lazy-overlays.tsx';

/** The one global snackbar: Italian errors from any call, raised through showToast(). */
export function ToastHost() {
  const toast = useToast();
  if (!toast) return null;
  const close = () => dismissToast(toast.id);
  return (
    <LazySnackbar
      key={toast.id}
      open
      autoHideDuration={6000}
      onClose={(_event, reason) => reason !== 'clickaway' && close()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert severity={toast.severity} variant="filled" onClose={close} sx={{ width: '100%' }}>
        {toast.message}
      </Alert>
    </LazySnackbar>
  );
}
