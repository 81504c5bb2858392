import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { msg } from '@portal/shared/messages-it';
import { resetPasswordForm } from '@portal/shared/schemas/auth-forms';
import { TextInput } from '../../../components/text-input.tsx';
import { followLink, navigate } from '../../../lib/public-navigation.ts';
import { PublicCallError, resetPassword } from '../api/public-auth.ts';
import { usePublicForm } from './use-public-form.ts';

/** Spec section 9: after the outcome the page goes back to the login after 4000 ms. */
const BACK_TO_LOGIN_MS = 4000;

export function ResetPasswordForm({ requestId }: { requestId: string }) {
  const form = usePublicForm(resetPasswordForm, { pwd: '', confirm: '' });
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<'ok' | 'ko' | null>(null);
  const { pwd, confirm } = form.values;
  // Warned as soon as the two entries differ; the schema also blocks the submit (nothing is sent).
  const mismatch = confirm !== '' && pwd !== confirm;

  const finish = (result: 'ok' | 'ko') => {
    setOutcome(result);
    setTimeout(() => navigate('/', { replace: true }), BACK_TO_LOGIN_MS);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const values = form.check();
    if (!values || pending) return;
    setPending(true);
    try {
      finish((await resetPassword({ pid: requestId, ppwd: values.pwd })) ? 'ok' : 'ko');
    } catch (error) {
      // A password the server refuses (too common, ...) can be fixed here, so stay on the form: the link still works.
      const reason = error instanceof PublicCallError ? error.fields['ppwd'] : undefined;
      if (reason) form.setErrors({ pwd: reason });
      else finish('ko');
    } finally {
      setPending(false);
    }
  };

  if (outcome) {
    return (
      <Box role="status" sx={{ textAlign: 'center' }}>
        <Alert severity={outcome === 'ok' ? 'success' : 'error'} sx={{ mb: 2, justifyContent: 'center' }}>
          {outcome === 'ok' ? msg.passwordImpostata : msg.erroreSessione}
        </Alert>
        <Link
          href="/"
          onClick={(event) => followLink(event, { replace: true })}
          sx={{ display: 'inline-block', py: 1.25 }}
        >
          Torna al login
        </Link>
      </Box>
    );
  }

  const confirmField = form.field('confirm');
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Typography variant="h6" component="h2" sx={{ textAlign: 'center' }}>
        Imposta la nuova password
      </Typography>
      <TextInput
        {...form.field('pwd')}
        id="resetpwd-password"
        label="Nuova password"
        type="password"
        autoComplete="new-password"
        autoFocus
        fullWidth
        margin="normal"
        helperText={form.field('pwd').helperText ?? 'Almeno 8 caratteri'}
      />
      <TextInput
        {...confirmField}
        id="resetpwd-confirm"
        label="Conferma password"
        type="password"
        autoComplete="new-password"
        fullWidth
        margin="normal"
        error={confirmField.error || mismatch}
        helperText={confirmField.helperText ?? (mismatch ? msg.passwordNonCoincidono : undefined)}
      />
      <Button type="submit" variant="contained" size="large" fullWidth loading={pending} sx={{ mt: 2 }}>
        Conferma
      </Button>
    </Box>
  );
}
