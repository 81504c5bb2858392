import { RecoverForm } from '../../../features/auth/components/recover-form.tsx';

/** /recover : 'Reimposta Password', then /resetted. */
export function RecoverPage() {
  return (
    <>
      <title>Reimposta Password · Portale Posatori</title>
      <RecoverForm />
    </>
  );
}
