import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

/**
 * Why an installer's profile is not OK (the server's err1, which names what to fix), shown as what it is: a
 * warning with something to do. An incomplete profile is the installer's to complete, with the way to the profile
 * when shown elsewhere; a suspension is the administration's decision, so it says whom to ask instead.
 */
export function ProfileStatoNotice({
  text,
  suspended,
  profilePath,
}: {
  text: string;
  suspended: boolean;
  /** Where the profile is, for the home's notice; absent on the profile itself. */
  profilePath?: string;
}) {
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      <AlertTitle>{suspended ? 'Profilo sospeso' : 'Completa il tuo profilo'}</AlertTitle>
      {text}
      {!suspended && !profilePath && (
        <Box sx={{ mt: 0.5 }}>I campi da sistemare sono segnati in rosso: correggili e premi SALVA.</Box>
      )}
      {!suspended && profilePath && (
        <Button
          component={RouterLink}
          to={profilePath}
          variant="outlined"
          color="warning"
          size="small"
          sx={{ display: 'flex', width: 'fit-content', mt: 1.5 }}
        >
          Vai al profilo
        </Button>
      )}
    </Alert>
  );
}
