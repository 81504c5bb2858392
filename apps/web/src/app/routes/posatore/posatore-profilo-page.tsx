import Alert from '@mui/material/Alert';
import { msg } from '@portal/shared/messages-it';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useMe } from '../../../features/me/api/get-me.ts';
import { PosatoreProfileScreen } from '../../../features/posatori/components/posatore-profile-screen.tsx';
import { errorReason } from '../../../lib/api-error.ts';

/** /posatore/profilo : the installer's own profile (qualification read-only), image and gallery. */
export function PosatoreProfiloPage() {
  const me = useMe();
  if (me.isPending) return <FullPageSpinner />;
  if (me.isError) {
    return (
      <>
        <PageTitle title="Modifica Profilo" />
        <Alert severity="error">{errorReason(me.error, msg.erroreInterno)}</Alert>
      </>
    );
  }
  return <PosatoreProfileScreen id={me.data.uuid} variant="self" />;
}
