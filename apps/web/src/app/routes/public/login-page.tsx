import type { ComponentProps } from 'react';
import { LoginForm } from '../../../features/auth/components/login-form.tsx';

/** / : login; a successful login goes to the user's area. */
export function LoginPage(props: ComponentProps<typeof LoginForm>) {
  return (
    <>
      <title>Accesso · Portale Posatori</title>
      <LoginForm {...props} />
    </>
  );
}
