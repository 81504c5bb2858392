import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import { MiniProfileCard } from '../../../components/mini-profile-card.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useAvatar } from '../../../features/avatar/api/get-avatar.ts';
import { useMe } from '../../../features/me/api/get-me.ts';
import { ProfileStatoNotice } from '../../../features/me/components/profile-stato-notice.tsx';
import { documentKindLabels } from '@portal/shared/schemas/documents';
import { useDocuments } from '../../../features/documents/api/get-documents.ts';
import { LatestVideos } from '../../../features/documents/components/latest-videos.tsx';
import { MiniList } from '../../../features/home/components/mini-list.tsx';
import { useMessages } from '../../../features/messages/api/get-messages.ts';
import { formatDate } from '../../../lib/formatters.ts';
import { LoadError } from '../../../components/load-error.tsx';

/**
 * /posatore: why the profile is not OK when it is not, the mini profile card, the latest
 * communications, the latest documents and the latest training videos (which open in the player).
 */
export function PosatoreHomePage() {
  const me = useMe();
  const stato = useAvatar().data?.stato;
  // Communications and documents are for a profile in order: the server refuses them otherwise.
  const messages = useMessages('recv', { size: 5 }, { enabled: stato === 'OK' });
  const documents = useDocuments('/api/docs/docs', { size: 5 }, { enabled: stato === 'OK' });
  return (
    <>
      <PageTitle title="Home" />
      {/* err1: why the menu holds only Home and the profile, and what to do about it. */}
      {me.data?.err1 && (
        <ProfileStatoNotice text={me.data.err1} suspended={stato === 'SOSPESO'} profilePath="/posatore/profilo" />
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6, lg: 4 }}>
          {me.data ? (
            <MiniProfileCard me={me.data} />
          ) : me.isPending ? (
            <Skeleton variant="rounded" height={232} role="progressbar" aria-label="Caricamento del profilo" />
          ) : (
            <LoadError error={me.error} />
          )}
        </Grid>
        {stato === 'OK' && (
          <Grid size={{ xs: 12, md: 6, lg: 5 }}>
            <MiniList
              title="Ultime comunicazioni"
              empty="Nessuna comunicazione ricevuta"
              items={messages.data?.data.map((m) => ({
                key: m.uuid,
                to: `/posatore/comunicazioni/msg/${m.uuid}`,
                primary: m.oggetto,
                secondary: `${m.descri} · ${formatDate(m.data)}${m.docunread ? ' · da leggere' : ''}`,
              }))}
            />
          </Grid>
        )}
        {stato === 'OK' && (
          <Grid size={{ xs: 12, md: 6, lg: 3 }}>
            <MiniList
              title="Archivio documenti"
              empty="Nessun documento disponibile"
              items={documents.data?.data.map((d) => ({
                key: d.uuid,
                to: '/posatore/documenti',
                primary: d.title,
                secondary: `${documentKindLabels[d.tipo]} · ${formatDate(d.data)}`,
              }))}
            />
          </Grid>
        )}
        {stato === 'OK' && (
          <Grid size={12}>
            <LatestVideos source="/api/docs/docs" />
          </Grid>
        )}
      </Grid>
    </>
  );
}
