import Box from '@mui/material/Box';
import { TwoFactorSection } from '../../../features/auth/components/two-factor-section.tsx';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useAvatar } from '../../../features/avatar/api/get-avatar.ts';
import { useMe } from '../../../features/me/api/get-me.ts';
import { PendingEmailNotice } from '../../../features/me/components/pending-email-notice.tsx';
import { ProfileStatoNotice } from '../../../features/me/components/profile-stato-notice.tsx';
import { PosatoreProfileScreen } from '../../../features/posatori/components/posatore-profile-screen.tsx';
import { LoadError } from '../../../components/load-error.tsx';

/**
 * /posatore/profilo : the installer's own profile (qualification read-only), image and gallery; when the profile is
 * not OK, why, above the form (an incomplete one with the fields to fix marked).
 */
export function PosatoreProfiloPage() {
  const me = useMe();
  const avatar = useAvatar();
  if (me.isPending) return <FullPageSpinner />;
  if (me.data === undefined) {
    return (
      <>
        <PageTitle title="Modifica Profilo" />
        <LoadError error={me.error} />
      </>
    );
  }
  return (
    <>
      <PosatoreProfileScreen
        id={me.data.uuid}
        variant="self"
        notice={
          <>
            <PendingEmailNotice />
            {me.data.err1 && <ProfileStatoNotice text={me.data.err1} suspended={avatar.data?.stato === 'SOSPESO'} />}
          </>
        }
      />
      <Box sx={{ mt: 2 }}>
        <TwoFactorSection />
      </Box>
    </>
  );
}
