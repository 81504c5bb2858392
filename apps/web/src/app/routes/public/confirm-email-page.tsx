import { ConfirmEmail } from '../../../features/auth/components/confirm-email.tsx';

/** /confermaemail/:token : the link sent to the new address of an own change of e-mail. */
export function ConfirmEmailPage({ token }: { token: string }) {
  return (
    <>
      <title>Conferma indirizzo e-mail · Portale Posatori</title>
      <ConfirmEmail key={token} token={token} />
    </>
  );
}
