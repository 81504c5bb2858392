import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { msg } from '@portal/shared/messages-it';
import { MiniProfileCard } from '../../../components/mini-profile-card.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useMe } from '../../../features/me/api/get-me.ts';
import { errorReason } from '../../../lib/api-error.ts';

/** /posatore : for now the mini profile card; the rest of the home (err1, documents, messages) follows. */
export function PosatoreHomePage() {
  const me = useMe();
  return (
    <>
      <PageTitle title="Home" />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6, lg: 4 }}>
          {me.data ? (
            <MiniProfileCard me={me.data} />
          ) : me.isPending ? (
            <Skeleton variant="rounded" height={232} aria-label="Caricamento del profilo" />
          ) : (
            <Alert severity="error">{errorReason(me.error, msg.erroreInterno)}</Alert>
          )}
        </Grid>
        <Grid size={{ xs: 12, md: 6, lg: 8 }}>
          <Paper
            variant="outlined"
            sx={{ minHeight: 232, height: '100%', display: 'grid', placeItems: 'center', p: 4 }}
          >
            <Typography variant="h6" component="p" sx={{ color: 'text.secondary' }}>
              {msg.inPreparazione}
            </Typography>
          </Paper>
        </Grid>
      </Grid>
    </>
  );
}
