import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { msg } from '@portal/shared/messages-it';
import { resetRequestBody } from '@portal/shared/schemas/auth-forms';
import { TextInput } from '../../../components/text-input.tsx';
import { followLink, navigate } from '../../../lib/public-navigation.ts';
import { PublicCallError, requestPasswordReset } from '../api/public-auth.ts';
import { usePublicForm } from './use-public-form.ts';

export function RecoverForm() {
  const form = usePublicForm(resetRequestBody, { user: '' });
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = form.check();
    if (!body || pending) return;
    setPending(true);
    setFailure(null);
    try {
      await requestPasswordReset(body);
      navigate('/resetted', { replace: true });
    } catch (error) {
      if (error instanceof PublicCallError && Object.keys(error.fields).length > 0) form.setErrors({ ...error.fields });
      else setFailure(error instanceof PublicCallError ? error.message : msg.erroreInterno);
      setPending(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Typography variant="h6" component="h2" sx={{ textAlign: 'center' }}>
        Reimposta Password
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: 'center', mt: 1 }}>
        Indica il tuo utente: riceverai per email il link per impostare una nuova password.
      </Typography>
      {failure && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {failure}
        </Alert>
      )}
      <TextInput
        {...form.field('user')}
        id="recover-user"
        label="Utente"
        autoComplete="username"
        autoFocus
        fullWidth
        margin="normal"
      />
      <Button type="submit" variant="contained" size="large" fullWidth loading={pending} sx={{ mt: 2 }}>
        Reimposta password
      </Button>
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <Link href="/" onClick={followLink} sx={{ display: 'inline-block', py: 1.25 }}>
          Torna al login
        </Link>
      </Box>
    </Box>
  );
}
