import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { msg } from '@portal/shared/messages-it';
import { landingRole, type Role } from '@portal/shared/roles';
import { loginBody } from '@portal/shared/schemas/auth-forms';
import { TextInput } from '../../../components/text-input.tsx';
import { followLink } from '../../../lib/public-navigation.ts';
import { checkSession, enableTwoFactor, login, setupTwoFactor } from '../api/public-auth.ts';
import { TwoFactorEnrolment } from './two-factor-enrolment.tsx';
import { TwoFactorStep } from './two-factor-step.tsx';
import { usePublicForm } from './use-public-form.ts';
import { usePublicSubmit } from './use-public-submit.ts';

type LoginFormProps = {
  /** Shown above the fields until the next attempt ('Sessione scaduta, ...'). */
  notice: string | null;
  /** A successful login: the role area of the first role of admin, posatore, capoarea, rivenditori. */
  onLoggedIn: (area: string, roles: Role[]) => void;
};

/**
 * The login: the password, then, for an account with a second factor, its code; an account whose role requires one
 * it has not set up yet sets it up here before entering.
 */
export function LoginForm({ notice, onLoggedIn }: LoginFormProps) {
  const [step, setStep] = useState<'password' | '2FA' | 'ENROL'>('password');
  if (step === '2FA') return <TwoFactorStep onLoggedIn={onLoggedIn} onCancel={() => setStep('password')} />;
  if (step === 'ENROL') {
    const enter = async () => {
      const roles = await checkSession();
      const landing = landingRole(roles);
      if (landing) onLoggedIn(`/${landing}`, roles);
      else setStep('password');
    };
    return (
      <TwoFactorEnrolment
        setup={setupTwoFactor}
        enable={(code) => enableTwoFactor({ code })}
        onDone={() => void enter()}
        intro={
          <>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              Verifica in due passaggi
            </Typography>
            <Typography variant="body2">
              Per il tuo ruolo l’accesso richiede anche un codice dal telefono. Configuralo ora: servono un’app di
              autenticazione e pochi secondi.
            </Typography>
          </>
        }
      />
    );
  }
  return <PasswordStep notice={notice} onLoggedIn={onLoggedIn} onNextStep={setStep} />;
}

function PasswordStep({
  notice,
  onLoggedIn,
  onNextStep,
}: LoginFormProps & { onNextStep: (step: '2FA' | 'ENROL') => void }) {
  const form = usePublicForm(loginBody, { user: '', pwd: '' });
  const { pending, failure, submit } = usePublicSubmit(form, async (body) => {
    const result = await login(body);
    if (result === '2FA' || result === 'ENROL') return void onNextStep(result);
    // A user without any portal role cannot land anywhere: for them the login failed too.
    const landing = result !== 'KO' && landingRole(result.roles);
    // The button keeps turning while the area loads.
    if (result !== 'KO' && landing) return void onLoggedIn(`/${landing}`, result.roles);
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
