import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { landingRole, type Role } from '@portal/shared/roles';
import { twoFactorCodeBody } from '@portal/shared/schemas/auth-forms';
import { verifyLoginCode } from '../api/public-auth.ts';
import { TwoFactorCodeInput } from './two-factor-code-input.tsx';
import { usePublicForm } from './use-public-form.ts';
import { usePublicSubmit } from './use-public-submit.ts';

type TwoFactorStepProps = {
  onLoggedIn: (area: string, roles: Role[]) => void;
  /** Back to the password: the half-open session expires by itself. */
  onCancel: () => void;
};

/** The login's second step: the authenticator's code, or one of the recovery codes. */
export function TwoFactorStep({ onLoggedIn, onCancel }: TwoFactorStepProps) {
  const [recovery, setRecovery] = useState(false);
  const form = usePublicForm(twoFactorCodeBody, { code: '' });
  const { pending, failure, submit } = usePublicSubmit(form, async (body) => {
    const roles = await verifyLoginCode(body);
    const landing = landingRole(roles);
    if (landing) return void onLoggedIn(`/${landing}`, roles);
    return 'Nessuna area disponibile per questo account';
  });
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Verifica in due passaggi
      </Typography>
      <Typography variant="body2">
        {recovery
          ? 'Inserisci uno dei codici di recupero che hai salvato: ognuno vale una volta sola.'
          : 'Apri l’app di autenticazione sul telefono e inserisci il codice a 6 cifre del Portale Posatori.'}
      </Typography>
      {failure && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {failure}
        </Alert>
      )}
      <TwoFactorCodeInput {...form.field('code')} id="login-code" recovery={recovery} autoFocus />
      <Button type="submit" variant="contained" size="large" fullWidth loading={pending} sx={{ mt: 2 }}>
        VERIFICA
      </Button>
      <Box sx={{ mt: 2, display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Link component="button" type="button" onClick={() => setRecovery(!recovery)} sx={{ py: 1.25 }}>
          {recovery ? 'Usa il codice dell’app' : 'Usa un codice di recupero'}
        </Link>
        <Link component="button" type="button" onClick={onCancel} sx={{ py: 1.25 }}>
          Torna all’accesso
        </Link>
      </Box>
    </Box>
  );
}
