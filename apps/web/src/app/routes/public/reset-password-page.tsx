import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form.tsx';

/** /resetpwd/:req : the link of the reset e-mail; req is the request id sent back as pid. */
export function ResetPasswordPage({ requestId }: { requestId: string }) {
  return (
    <>
      <title>Nuova password · Portale Posatori</title>
      {/* A new link means a new form, not the outcome of the previous one. */}
      <ResetPasswordForm key={requestId} requestId={requestId} />
    </>
  );
}
