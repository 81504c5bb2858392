import Typography from '@mui/material/Typography';
import type { MyProfile } from '@portal/shared/schemas/me';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { ImageUpload } from '../../../components/image-upload.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { AsideInfo, ProfileAside } from '../../../components/profile-aside.tsx';
import Box from '@mui/material/Box';
import { AccountPanel } from '../../auth/components/account-panel.tsx';
import { MyDataExportButton } from '../../privacy/components/my-data-export-button.tsx';
import { TwoFactorSection } from '../../auth/components/two-factor-section.tsx';
import { CapoareaForm } from '../../capoarea/components/capoarea-form.tsx';
import { useUploadProfileImage } from '../../images/api/upload-profile-image.ts';
import { RivenditoreForm } from '../../rivenditori/components/rivenditore-form.tsx';
import { useMyProfile } from '../api/get-my-profile.ts';
import { AdminProfileForm } from './admin-profile-form.tsx';
import { PendingEmailNotice } from './pending-email-notice.tsx';
import { meKeys } from '../api/me-keys.ts';
import { LoadError } from '../../../components/load-error.tsx';

const roleTitles: Record<MyProfile['role'], string> = {
  admin: 'Amministratore',
  capoarea: 'Capo area',
  rivenditori: 'Rivenditore',
};

function displayName(profile: MyProfile): string {
  const person = [profile.name, profile.lastname].filter(Boolean).join(' ');
  return profile.role === 'rivenditori' ? profile.ragsoc || person : person;
}

/** One's own side panel: the image with the pencil (/api/savemyimg/profile), the name, the account read-only. */
function OwnAside({ profile }: { profile: MyProfile }) {
  const upload = useUploadProfileImage('/api/savemyimg/profile', meKeys.myProfile);
  const name = displayName(profile);
  return (
    <ProfileAside
      image={
        <ImageUpload
          src={profile.img}
          name={name}
          onUpload={(file) => upload.mutate(file)}
          uploading={upload.isPending}
        />
      }
      title={name}
      subtitle={
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {roleTitles[profile.role]}
        </Typography>
      }
    >
      {profile.role === 'rivenditori' && <AsideInfo label="Codice" value={profile.code} />}
      <AccountPanel uuid={profile.uuid} username={profile.username} stato={profile.stato} />
      <MyDataExportButton />
    </ProfileAside>
  );
}

/**
 * /admin/profilo, /capoarea/profilo, /rivenditori/profilo: the current user's own record (GET/POST /api/myprofile),
 * with the form of their registry. The avatar menu and the mini profile follow a save at once.
 */
export function MyProfileScreen() {
  const profile = useMyProfile();
  if (profile.isPending) return <FullPageSpinner />;
  if (profile.data === undefined) {
    return (
      <>
        <PageTitle title="Modifica Profilo" />
        <LoadError error={profile.error} />
      </>
    );
  }
  const data = profile.data;
  const aside = <OwnAside profile={data} />;
  return (
    <>
      <PageTitle title="Modifica Profilo" />
      <PendingEmailNotice />
      {data.role === 'admin' ? (
        <AdminProfileForm key={data.uuid} profile={data} aside={aside} />
      ) : data.role === 'capoarea' ? (
        <CapoareaForm key={data.uuid} profile={data} mode="self" aside={aside} />
      ) : (
        <RivenditoreForm key={data.uuid} profile={data} mode="self" aside={aside} />
      )}
      <Box sx={{ mt: 2 }}>
        <TwoFactorSection />
      </Box>
    </>
  );
}
