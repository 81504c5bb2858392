import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { resetRequestBody } from '@portal/shared/schemas/auth';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';

export function RecoverForm() {
  const navigate = useNavigate();
  const reset = useRequestPasswordReset();
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(resetRequestBody),
    defaultValues: { user: '' },
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={handleSubmit((values) =>
        reset.mutate(values, { onSuccess: () => navigate('/resetted', { replace: true }) }),
      )}
    >
      <Typography variant="h6" component="h2" sx={{ textAlign: 'center' }}>
        Reimposta Password
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: 'center', mt: 1 }}>
        Indica il tuo utente: riceverai per email il link per impostare una nuova password.
      </Typography>
      <FormTextField
        control={control}
        name="user"
        id="recover-user"
        label="Utente"
        autoComplete="username"
        autoFocus
        fullWidth
        margin="normal"
      />
      <Button type="submit" variant="contained" size="large" fullWidth loading={reset.isPending} sx={{ mt: 2 }}>
        Reimposta password
      </Button>
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <Link component={RouterLink} to="/" sx={{ display: 'inline-block', py: 1.25 }}>
          Torna al login
        </Link>
      </Box>
    </Box>
  );
}
