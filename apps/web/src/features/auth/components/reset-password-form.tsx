import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { msg } from '@portal/shared/messages-it';
import { resetPasswordForm } from '@portal/shared/schemas/auth';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useResetPassword } from '../api/reset-password.ts';

/** Spec section 9: after the outcome the page goes back to the login after 4000 ms. */
const BACK_TO_LOGIN_MS = 4000;

export function ResetPasswordForm({ requestId }: { requestId: string }) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [outcome, setOutcome] = useState<'ok' | 'ko' | null>(null);
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(resetPasswordForm),
    defaultValues: { pwd: '', confirm: '' },
  });
  const [pwd, confirm] = useWatch({ control, name: ['pwd', 'confirm'] });
  // Warned as soon as the two entries differ; the resolver also blocks the submit (nothing is sent)
  // and reports the same text on the same field, so it never shows twice.
  const mismatch = confirm !== '' && pwd !== confirm;

  const finish = (result: 'ok' | 'ko') => {
    setOutcome(result);
    setTimeout(() => navigate('/', { replace: true }), BACK_TO_LOGIN_MS);
  };

  const submit = handleSubmit((values) =>
    reset.mutate(
      { pid: requestId, ppwd: values.pwd },
      {
        onSuccess: (reply) => finish(reply.res === 'OK' ? 'ok' : 'ko'),
        onError: (error) => {
          // A password the server refuses (too common, ...) can be fixed here, so stay on the form.
          const reason = error instanceof ApiError ? error.fields?.ppwd : undefined;
          if (reason) setError('pwd', { message: reason });
          else finish('ko');
        },
      },
    ),
  );

  if (outcome) {
    return (
      <Box role="status" sx={{ textAlign: 'center' }}>
        <Alert severity={outcome === 'ok' ? 'success' : 'error'} sx={{ mb: 2, justifyContent: 'center' }}>
          {outcome === 'ok' ? msg.passwordImpostata : msg.erroreSessione}
        </Alert>
        <Link component={RouterLink} to="/" replace sx={{ display: 'inline-block', py: 1.25 }}>
          Torna al login
        </Link>
      </Box>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Typography variant="h6" component="h2" sx={{ textAlign: 'center' }}>
        Imposta la nuova password
      </Typography>
      <FormTextField
        control={control}
        name="pwd"
        id="resetpwd-password"
        label="Nuova password"
        type="password"
        autoComplete="new-password"
        autoFocus
        fullWidth
        margin="normal"
        helperText="Almeno 8 caratteri"
      />
      <FormTextField
        control={control}
        name="confirm"
        id="resetpwd-confirm"
        label="Conferma password"
        type="password"
        autoComplete="new-password"
        fullWidth
        margin="normal"
        error={mismatch}
        helperText={mismatch ? msg.passwordNonCoincidono : undefined}
      />
      <Button type="submit" variant="contained" size="large" fullWidth loading={reset.isPending} sx={{ mt: 2 }}>
        Conferma
      </Button>
    </Box>
  );
}
