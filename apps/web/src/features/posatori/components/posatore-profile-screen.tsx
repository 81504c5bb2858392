import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { BackToList } from '../../../components/back-to-list.tsx';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { listSearchOf } from '../../../lib/list-search-params.ts';
import { usePosatore } from '../api/get-posatore.ts';
import { PosatoreGallery } from './posatore-gallery.tsx';
import { PosatoreProfileForm } from './posatore-profile-form.tsx';
import { ProfileSidePanel } from './profile-side-panel.tsx';
import { variantSetups, type ProfileVariant } from './profile-variants.ts';
import { LoadError } from '../../../components/load-error.tsx';

const GALLERY_LOCKED = 'Potrai aggiungere o togliere immagini quando il tuo profilo sarà in regola.';

/** An installer profile screen of any variant: loads the profile (spinner meanwhile), then panel, form and gallery. */
export function PosatoreProfileScreen({
  id,
  variant,
  notice,
}: {
  id: string | undefined;
  variant: ProfileVariant;
  /** What the screen must say first (the installer's own profile: why it is not OK). */
  notice?: ReactNode;
}) {
  const setup = variantSetups[variant];
  const location = useLocation();
  const listSearch = listSearchOf(location.state);
  const profile = usePosatore(id);

  const back = setup.listPath && <BackToList pathname={setup.listPath} search={listSearch} />;

  if (profile.isPending) return <FullPageSpinner />;
  if (profile.data === undefined) {
    return (
      <>
        {back}
        <PageTitle title="Modifica Profilo" />
        <LoadError error={profile.error} />
      </>
    );
  }

  const data = profile.data;
  const gallery = setup.gallery(data.uuid);
  // The installer's own gallery changes only while the profile is in order (the server refuses it otherwise).
  const lockedBySelfStato = variant === 'self' && data.stato !== 'OK';
  return (
    <>
      {back}
      <PageTitle title="Modifica Profilo" />
      {notice}
      {/* One form per profile: another id, or the same person erased (no account left), starts from the stored values. */}
      <PosatoreProfileForm
        key={`${data.uuid}:${data.username}`}
        profile={data}
        setup={setup}
        checkOnOpen={variant === 'self' && data.stato === 'INCOMPLETO'}
        listSearch={listSearch}
        aside={
          <ProfileSidePanel
            profile={data}
            imagePath={setup.imagePath(data.uuid)}
            manage={setup.manage}
            own={variant === 'self'}
          />
        }
        after={
          <PosatoreGallery
            path={gallery.path}
            editable={gallery.editable && !lockedBySelfStato}
            note={lockedBySelfStato ? GALLERY_LOCKED : undefined}
          />
        }
      />
    </>
  );
}
