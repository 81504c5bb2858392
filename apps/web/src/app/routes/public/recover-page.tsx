import { RecoverForm } from '../../../features/auth/components/recover-form.tsx';
import { RedirectIfLoggedIn } from '../../redirect-if-logged-in.tsx';

/** /recover : 'Reimposta Password', then /resetted. */
export function RecoverPage() {
  return (
    <RedirectIfLoggedIn>
      <title>Reimposta Password · Portale Posatori</title>
      <RecoverForm />
    </RedirectIfLoggedIn>
  );
}
