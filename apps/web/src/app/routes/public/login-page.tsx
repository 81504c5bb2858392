import { LoginForm } from '../../../features/auth/components/login-form.tsx';
import { RedirectIfLoggedIn } from '../../redirect-if-logged-in.tsx';

/** / : login; a logged-in visitor (and a successful login) goes to their area. */
export function LoginPage() {
  return (
    <RedirectIfLoggedIn>
      <title>Accesso · Portale Posatori</title>
      <LoginForm />
    </RedirectIfLoggedIn>
  );
}
