import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useRouteError } from 'react-router';

/** The last resort of the router: a render error or a lazy chunk that failed to load (e.g. after a deploy). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <Box sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Paper variant="outlined" sx={{ p: 4, maxWidth: 480, textAlign: 'center' }}>
        <title>Errore · Portale Posatori</title>
        <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
          Si è verificato un errore
        </Typography>
        <Typography sx={{ mb: 3, color: 'text.secondary' }}>
          Ricarica la pagina; se il problema continua, riprova più tardi.
        </Typography>
        <Button variant="contained" onClick={() => window.location.reload()}>
          Ricarica la pagina
        </Button>
      </Paper>
    </Box>
  );
}
