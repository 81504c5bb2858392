import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { resetRequestBody } from '@portal/shared/schemas/auth-forms';
import { TextInput } from '../../../components/text-input.tsx';
import { followLink, navigate } from '../../../lib/public-navigation.ts';
import { requestPasswordReset } from '../api/public-auth.ts';
import { usePublicForm } from './use-public-form.ts';
import { usePublicSubmit } from './use-public-submit.ts';

export function RecoverForm() {
  const form = usePublicForm(resetRequestBody, { user: '' });
  const { pending, failure, submit } = usePublicSubmit(form, async (body) => {
    await requestPasswordReset(body);
    navigate('/resetted', { replace: true });
    return undefined;
  });

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
