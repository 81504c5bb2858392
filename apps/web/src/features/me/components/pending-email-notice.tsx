import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { usePendingEmail } from '../api/get-pending-email.ts';
import { formatDateTime } from '../../../lib/formatters.ts';

/**
 * One's own profile: a new e-mail saved but not confirmed yet. The form still shows the address in use, which stays
 * the login and the reset address until the link sent to the new one is opened.
 */
export function PendingEmailNotice() {
  const pending = usePendingEmail();
  const { email, expiresAt } = pending.data ?? { email: null, expiresAt: null };
  if (!email || !expiresAt) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }} role="status">
      <AlertTitle>Nuovo indirizzo e-mail in attesa di conferma</AlertTitle>
      Abbiamo inviato un link a <strong>{email}</strong>: aprilo entro il {formatDateTime(expiresAt)} per confermare il
      nuovo indirizzo. Fino ad allora accedi e ricevi le e-mail all’indirizzo attuale.
    </Alert>
  );
}
