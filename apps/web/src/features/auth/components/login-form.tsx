import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { msg } from '@portal/shared/messages-it';
import { landingRole } from '@portal/shared/roles';
import { loginBody } from '@portal/shared/schemas/auth';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { useSessionNotice } from '../../../lib/session.ts';
import { useLogin } from '../api/create-session.ts';

export function LoginForm() {
  const login = useLogin();
  const notice = useSessionNotice();
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(loginBody),
    defaultValues: { user: '', pwd: '' },
  });
  // A user without any portal role cannot land anywhere: for them the login failed too.
  const failed = login.data !== undefined && (login.data.res !== 'OK' || !landingRole(login.data.role));

  return (
    <Box component="form" noValidate onSubmit={handleSubmit((values) => login.mutate(values))}>
      {failed ? (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {msg.loginErrata}
        </Alert>
      ) : (
        notice && (
          <Alert severity="info" sx={{ mb: 1 }}>
            {notice}
          </Alert>
        )
      )}
      <FormTextField
        control={control}
        name="user"
        id="login-user"
        label="Utente"
        autoComplete="username"
        autoFocus
        fullWidth
        margin="normal"
      />
      <FormTextField
        control={control}
        name="pwd"
        id="login-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        fullWidth
        margin="normal"
      />
      <Button type="submit" variant="contained" size="large" fullWidth loading={login.isPending} sx={{ mt: 2 }}>
        LOGIN
      </Button>
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <Link component={RouterLink} to="/recover" sx={{ display: 'inline-block', py: 1.25 }}>
          Password dimenticata?
        </Link>
      </Box>
    </Box>
  );
}
