import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { twoFactorDisableBody } from '@portal/shared/schemas/auth-forms';
import { LoadError } from '../../../components/load-error.tsx';
import { TextInput } from '../../../components/text-input.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { authKeys } from '../api/auth-keys.ts';
import { enableTwoFactor, setupTwoFactor, useDisableTwoFactor, useTwoFactorState } from '../api/two-factor.ts';
import { TwoFactorCodeInput } from './two-factor-code-input.tsx';
import { TwoFactorEnrolment } from './two-factor-enrolment.tsx';
import { usePublicForm } from './use-public-form.ts';

/**
 * One's own profile: the second login factor, on or off. Turning it on shows the enrolment; turning it off asks
 * the password and a code. A role that must keep it (admins and area managers in production) cannot turn it off.
 */
export function TwoFactorSection() {
  const state = useTwoFactorState();
  const queryClient = useQueryClient();
  const [enrolling, setEnrolling] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: authKeys.twoFactor });
  let body;
  if (state.isPending) body = null;
  else if (!state.data) body = <LoadError error={state.error} />;
  else if (state.data.enabled) {
    body = (
      <>
        <Typography variant="body2">
          <strong>Attiva</strong>: all’accesso, dopo la password, serve il codice dell’app di autenticazione.
        </Typography>
        {state.data.mandatory ? (
          <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
            Per il tuo ruolo è obbligatoria.
          </Typography>
        ) : (
          <DisableForm />
        )}
      </>
    );
  } else if (enrolling) {
    body = (
      <TwoFactorEnrolment
        setup={setupTwoFactor}
        enable={enableTwoFactor}
        onDone={() => {
          setEnrolling(false);
          void refresh();
        }}
      />
    );
  } else {
    body = (
      <>
        <Typography variant="body2">
          <strong>Non attiva</strong>: con la verifica in due passaggi, per accedere oltre alla password serve un codice
          generato dal tuo telefono.
        </Typography>
        <Button variant="outlined" onClick={() => setEnrolling(true)} sx={{ mt: 1 }}>
          ATTIVA
        </Button>
      </>
    );
  }
  return (
    <Paper variant="outlined" component="section" aria-label="Verifica in due passaggi" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1, fontWeight: 500 }}>
        Verifica in due passaggi
      </Typography>
      {body}
    </Paper>
  );
}

/** Switching the factor off: the password and a code, so a session left open cannot do it. */
function DisableForm() {
  const [open, setOpen] = useState(false);
  const [recovery, setRecovery] = useState(false);
  const disable = useDisableTwoFactor();
  const form = usePublicForm(twoFactorDisableBody, { pwd: '', code: '' });
  const [failure, setFailure] = useState<string | null>(null);
  if (!open) {
    return (
      <Button variant="outlined" color="warning" onClick={() => setOpen(true)} sx={{ mt: 1 }}>
        DISATTIVA
      </Button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.check();
    if (!body) return;
    setFailure(null);
    disable.mutate(body, {
      onSuccess: () => showToast('Verifica in due passaggi disattivata', 'success'),
      onError: (error) => {
        if (error instanceof ApiError && error.fields) form.setErrors({ ...error.fields });
        else setFailure(error instanceof ApiError ? error.reason : 'Disattivazione non riuscita');
      },
    });
  };
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ maxWidth: 360 }}>
      {failure && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {failure}
        </Alert>
      )}
      <TextInput
        {...form.field('pwd')}
        id="two-factor-disable-pwd"
        label="Password"
        type="password"
        autoComplete="current-password"
        fullWidth
        margin="normal"
      />
      <TwoFactorCodeInput {...form.field('code')} id="two-factor-disable-code" recovery={recovery} />
      <Link component="button" type="button" onClick={() => setRecovery(!recovery)} sx={{ py: 1 }}>
        {recovery ? 'Usa il codice dell’app' : 'Usa un codice di recupero'}
      </Link>
      <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
        <Button type="submit" variant="contained" color="warning" loading={disable.isPending}>
          CONFERMA DISATTIVAZIONE
        </Button>
        <Button onClick={() => setOpen(false)}>ANNULLA</Button>
      </Box>
    </Box>
  );
}
