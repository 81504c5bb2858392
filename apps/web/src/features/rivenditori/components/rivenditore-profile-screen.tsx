import { useLocation } from 'react-router';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import type { RivenditoreProfile } from '@portal/shared/schemas/rivenditori';
import { BackToList } from '../../../components/back-to-list.tsx';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { ImageUpload } from '../../../components/image-upload.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { AsideInfo, ProfileAside } from '../../../components/profile-aside.tsx';
import { listSearchOf } from '../../../lib/list-search-params.ts';
import { AccountPanel } from '../../auth/components/account-panel.tsx';
import { isErasedPerson } from '@portal/shared/schemas/privacy';
import { ErasedNote } from '../../privacy/components/erased-note.tsx';
import { ErasePersonButton } from '../../privacy/components/erase-person-button.tsx';
import { useUploadProfileImage } from '../../images/api/upload-profile-image.ts';
import { blankRivenditore, useRivenditore } from '../api/get-rivenditore.ts';
import { RivenditoreForm } from './rivenditore-form.tsx';
import { rivenditoriKeys } from '../api/rivenditori-keys.ts';
import { failedToLoad, LoadError } from '../../../components/load-error.tsx';

export type RivenditoreArea = 'admin' | 'capoarea';

const personName = (p: RivenditoreProfile) => [p.name, p.lastname].filter(Boolean).join(' ');

function PhotoWithUpload({ profile }: { profile: RivenditoreProfile }) {
  const upload = useUploadProfileImage(`/api/saveimg/${profile.uuid}/profile`, rivenditoriKeys.all);
  return (
    <ImageUpload
      src={profile.img}
      name={profile.ragsoc || personName(profile)}
      onUpload={(file) => upload.mutate(file)}
      uploading={upload.isPending}
    />
  );
}

/** The side panel of a reseller: image (the admin's pencil), company and person, and the account. */
function RivenditoreAside({ profile, area }: { profile: RivenditoreProfile; area: RivenditoreArea }) {
  const exists = profile.uuid !== '';
  const erased = exists && isErasedPerson(profile.name, profile.username !== '');
  const name = profile.ragsoc || personName(profile);
  return (
    <ProfileAside
      image={
        exists && area === 'admin' ? (
          <PhotoWithUpload profile={profile} />
        ) : (
          <ImageUpload src={profile.img} name={name} />
        )
      }
      title={name || 'Nuovo rivenditore'}
      subtitle={
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {['Rivenditore', profile.ragsoc && personName(profile)].filter(Boolean).join(' · ')}
        </Typography>
      }
    >
      {!exists ? (
        <Alert severity="info" variant="outlined">
          L’accesso ha come nome utente l’email; l’attivazione si manda dopo aver creato il rivenditore.
        </Alert>
      ) : erased ? (
        <ErasedNote />
      ) : area === 'admin' ? (
        <AccountPanel
          uuid={profile.uuid}
          username={profile.username}
          stato={profile.stato}
          manage={{ statoPath: `/api/rivenditore/${profile.uuid}/stato`, ownerKey: rivenditoriKeys.all }}
        />
      ) : (
        <AsideInfo label="Codice" value={profile.code} />
      )}
      {exists && area === 'admin' && !erased && (
        <ErasePersonButton entity="rivenditore" id={profile.uuid} name={name} ownerKey={rivenditoriKeys.all} />
      )}
    </ProfileAside>
  );
}

const listPaths: Record<RivenditoreArea, string> = { admin: '/admin/rivenditori', capoarea: '/capoarea/rivenditori' };

/**
 * /admin/rivenditore/{id} and /admin/newrivenditori (id null): the reseller form of the admin;
 * /capoarea/rivenditore/{id}: the same form read-only, without the save button.
 */
export function RivenditoreProfileScreen({ area, id }: { area: RivenditoreArea; id: string | null }) {
  const location = useLocation();
  const listSearch = listSearchOf(location.state);
  const profile = useRivenditore(id ?? '', { enabled: id !== null });
  const back = <BackToList pathname={listPaths[area]} search={listSearch} />;
  const title = id === null ? 'Nuovo rivenditore' : area === 'admin' ? 'Modifica Profilo' : 'Rivenditore';

  if (id !== null && profile.isPending) return <FullPageSpinner />;
  if (id !== null && failedToLoad(profile)) {
    return (
      <>
        {back}
        <PageTitle title={title} />
        <LoadError error={profile.error} />
      </>
    );
  }
  const data = id === null ? blankRivenditore : profile.data;
  if (!data) return <FullPageSpinner />;
  return (
    <>
      {back}
      <PageTitle title={title} />
      <RivenditoreForm
        // The same person erased (no account left) starts again from the stored values.
        key={data.uuid ? `${data.uuid}:${data.username}` : 'nuovo'}
        profile={data}
        mode={area}
        aside={<RivenditoreAside profile={data} area={area} />}
      />
    </>
  );
}
