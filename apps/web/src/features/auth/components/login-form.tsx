import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { msg } from '@portal/shared/messages-it';
import { landingRole, type Role } from '@portal/shared/roles';
import { loginBody } from '@portal/shared/schemas/auth-forms';
import { TextInput } from '../../../components/text-input.tsx';
import { followLink } from '../../../lib/public-navigation.ts';
import { login } from '../api/public-auth.ts';
import { usePublicForm } from './use-public-form.ts';
import { usePublicSubmit } from './use-public-submit.ts';

type LoginFormProps = {
  /** Shown above the fields until the next attempt ('Sessione scaduta, ...'). */
  notice: string | null;
  /** A successful login: the role area of the first role of admin, posatore, capoarea, rivenditori. */
  onLoggedIn: (area: string, roles: Role[]) => void;
};

export function LoginForm({ notice, onLoggedIn }: LoginFormProps) {
  const form = usePublicForm(loginBody, { user: '', pwd: '' });
  const { pending, failure, submit } = usePublicSubmit(form, async (body) => {
    const roles = await login(body);
    // A user without any portal role cannot land anywhere: for them the login failed too.
    const landing = roles && landingRole(roles);
    // The button keeps turning while the area loads.
    if (roles && landing) return void onLoggedIn(`/${landing}`, roles);
    return msg.loginErrata;
  });

  const message = failure ?? notice;
  return (
    <Box component="form" noValidate onSubmit={submit}>
      {message && (
        <Alert severity={failure ? 'warning' : 'info'} sx={{ mb: 1 }}>
          {message}
        </Alert>
      )}
      <TextInput
        {...form.field('user')}
        id="login-user"
        label="Utente"
        autoComplete="username"
        autoFocus
        fullWidth
        margin="normal"
      />
      <TextInput
        {...form.field('pwd')}
        id="login-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        fullWidth
        margin="normal"
      />
      <Button type="submit" variant="contained" size="large" fullWidth loading={pending} sx={{ mt: 2 }}>
        LOGIN
      </Button>
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <Link href="/recover" onClick={followLink} sx={{ display: 'inline-block', py: 1.25 }}>
          Password dimenticata?
        </Link>
      </Box>
    </Box>
  );
}
