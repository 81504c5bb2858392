import { useLocation } from 'react-router';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import type { CapoareaProfile } from '@portal/shared/schemas/capoarea';
import { BackToList } from '../../../components/back-to-list.tsx';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { ImageUpload } from '../../../components/image-upload.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { ProfileAside } from '../../../components/profile-aside.tsx';
import { listSearchOf } from '../../../lib/list-search-params.ts';
import { AccountPanel } from '../../auth/components/account-panel.tsx';
import { isErasedPerson } from '@portal/shared/schemas/privacy';
import { ErasedNote } from '../../privacy/components/erased-note.tsx';
import { ErasePersonButton } from '../../privacy/components/erase-person-button.tsx';
import { useUploadProfileImage } from '../../images/api/upload-profile-image.ts';
import { blankCapoarea, useCapoarea } from '../api/get-capoarea.ts';
import { CapoareaForm } from './capoarea-form.tsx';
import { capoareaKeys } from '../api/capoarea-keys.ts';
import { LoadError } from '../../../components/load-error.tsx';

const fullName = (p: CapoareaProfile) => [p.name, p.lastname].filter(Boolean).join(' ') || p.ragsoc;

function PhotoWithUpload({ profile }: { profile: CapoareaProfile }) {
  const upload = useUploadProfileImage(`/api/saveimg/${profile.uuid}/profile`, capoareaKeys.all);
  return (
    <ImageUpload
      src={profile.img}
      name={fullName(profile)}
      onUpload={(file) => upload.mutate(file)}
      uploading={upload.isPending}
    />
  );
}

/** The admin's side panel of an area manager: photo with its pencil, the account and its controls. */
function CapoareaAside({ profile }: { profile: CapoareaProfile }) {
  const exists = profile.uuid !== '';
  const erased = exists && isErasedPerson(profile.name, profile.username !== '');
  return (
    <ProfileAside
      image={exists ? <PhotoWithUpload profile={profile} /> : <ImageUpload src="" name="" />}
      title={fullName(profile) || 'Nuovo capo area'}
      subtitle={
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Capo area
        </Typography>
      }
    >
      {erased ? (
        <ErasedNote />
      ) : exists ? (
        <AccountPanel
          uuid={profile.uuid}
          username={profile.username}
          stato={profile.stato}
          manage={{ statoPath: `/api/capoarea/${profile.uuid}/stato`, ownerKey: capoareaKeys.all }}
        />
      ) : (
        <Alert severity="info" variant="outlined">
          L’accesso ha come nome utente l’email; l’attivazione si manda dopo aver creato il capo area.
        </Alert>
      )}
      {exists && !erased && (
        <ErasePersonButton entity="capoarea" id={profile.uuid} name={fullName(profile)} ownerKey={capoareaKeys.all} />
      )}
    </ProfileAside>
  );
}

function Screen({ profile, title, listSearch }: { profile: CapoareaProfile; title: string; listSearch: string }) {
  return (
    <>
      <BackToList pathname="/admin/capoarea" search={listSearch} />
      <PageTitle title={title} />
      <CapoareaForm
        // The same person erased (no account left) starts again from the stored values.
        key={profile.uuid ? `${profile.uuid}:${profile.username}` : 'nuovo'}
        profile={profile}
        mode="admin"
        aside={<CapoareaAside profile={profile} />}
      />
    </>
  );
}

/** /admin/capoarea/{id} (id) and /admin/newcapoarea (id null): the area-manager form in admin mode. */
export function CapoareaProfileScreen({ id }: { id: string | null }) {
  const location = useLocation();
  const listSearch = listSearchOf(location.state);
  const profile = useCapoarea(id ?? '', { enabled: id !== null });

  if (id === null) return <Screen profile={blankCapoarea} title="Nuovo capo area" listSearch={listSearch} />;
  if (profile.isPending) return <FullPageSpinner />;
  if (profile.data === undefined) {
    return (
      <>
        <BackToList pathname="/admin/capoarea" search={listSearch} />
        <PageTitle title="Modifica Profilo" />
        <LoadError error={profile.error} />
      </>
    );
  }
  return <Screen profile={profile.data} title="Modifica Profilo" listSearch={listSearch} />;
}
