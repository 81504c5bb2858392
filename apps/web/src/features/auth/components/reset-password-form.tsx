import { useEffect, useState, type FormEvent } from 'react';
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

/** After the outcome the page goes back to the login after 4000 ms. */
const BACK_TO_LOGIN_MS = 4000;

/**
 * The password rule the server applies, with its dictionaries (about 1 MB): a chunk of its own, fetched when this
 * screen opens and never by the login page. The browser does not know whose link this is, so the person's own data
 * is counted by the server alone, whose refusal shows under the same field.
 */
const loadStrength = () => import('@portal/shared/password-strength');

/** The reason the rule gives, or null; null too when the rule could not be fetched (the server still decides). */
async function strengthProblem(password: string): Promise<string | null> {
  try {
    return (await loadStrength()).passwordProblem(password);
  } catch {
    return null;
  }
}

export function ResetPasswordForm({ requestId }: { requestId: string }) {
  const form = usePublicForm(resetPasswordForm, { pwd: '', confirm: '' });
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<'ok' | 'ko' | null>(null);
  /** The last password the server refused, and its reason (it may know what the browser does not). */
  const [refused, setRefused] = useState<{ pwd: string; reason: string } | null>(null);
  const { pwd, confirm } = form.values;
  // Warned as soon as the two entries differ; the schema also blocks the submit (nothing is sent).
  const mismatch = confirm !== '' && pwd !== confirm;

  useEffect(() => {
    // Fetched while the person types, so the check on leaving the field or on Conferma does not wait for it.
    loadStrength().catch(() => undefined);
  }, []);

  /**
   * On leaving the field: the rule's reason at once, before anything is sent; for the password the server refused,
   * the server's reason stays; for any other that passes, the field is clear.
   */
  const checkStrength = async () => {
    if (pwd === '') return;
    const problem = (await strengthProblem(pwd)) ?? (refused?.pwd === pwd ? refused.reason : null);
    form.setErrors(({ pwd: _shown, ...others }) => (problem ? { ...others, pwd: problem } : others));
  };

  const finish = (result: 'ok' | 'ko') => {
    setOutcome(result);
    setTimeout(() => navigate('/', { replace: true }), BACK_TO_LOGIN_MS);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const values = form.check();
    if (!values || pending) return;
    setPending(true);
    const problem = await strengthProblem(values.pwd);
    if (problem) {
      form.setErrors({ pwd: problem });
      setPending(false);
      return;
    }
    try {
      finish((await resetPassword({ pid: requestId, ppwd: values.pwd })) ? 'ok' : 'ko');
    } catch (error) {
      // A password the server refuses (too common, ...) can be fixed here, so stay on the form: the link still works.
      const reason = error instanceof PublicCallError ? error.fields['ppwd'] : undefined;
      if (reason) {
        setRefused({ pwd: values.pwd, reason });
        form.setErrors({ pwd: reason });
      } else finish('ko');
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
        onBlur={() => void checkStrength()}
        helperText={form.field('pwd').helperText ?? 'Almeno 8 caratteri; meglio alcune parole poco comuni'}
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
