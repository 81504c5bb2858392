import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { msg } from '@portal/shared/messages-it';
import { PageTitle } from './page-title.tsx';

/** The placeholder of a screen a later issue builds: its name and 'In preparazione', nothing else. */
export function InPreparazione({ title }: { title: string }) {
  return (
    <>
      <PageTitle title={title} />
      <Paper
        variant="outlined"
        sx={{ minHeight: 240, display: 'grid', placeItems: 'center', p: 4, textAlign: 'center' }}
      >
        <Typography variant="h6" component="p" sx={{ color: 'text.secondary' }}>
          {msg.inPreparazione}
        </Typography>
      </Paper>
    </>
  );
}
