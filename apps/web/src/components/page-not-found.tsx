import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PageTitle } from './page-title.tsx';

type PageNotFoundProps = {
  homePath: string;
  homeLabel: string;
  /** Inside an area the text sits on a panel; on the public card it needs none. */
  framed?: boolean;
};

/** An unknown path: inside an area it links back to that area's home, elsewhere to the login page. */
export function PageNotFound({ homePath, homeLabel, framed = true }: PageNotFoundProps) {
  const body = (
    <>
      <Typography sx={{ mb: 2 }}>La pagina richiesta non esiste o è stata spostata.</Typography>
      <Button component={RouterLink} to={homePath} variant="contained">
        {homeLabel}
      </Button>
    </>
  );
  return (
    <>
      <PageTitle title="Pagina non trovata" />
      {framed ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          {body}
        </Paper>
      ) : (
        <Box sx={{ textAlign: 'center' }}>{body}</Box>
      )}
    </>
  );
}
