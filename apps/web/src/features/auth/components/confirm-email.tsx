import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { msg } from '@portal/shared/messages-it';
import { followLink } from '../../../lib/public-navigation.ts';
import { confirmEmailChange, PublicCallError } from '../api/public-auth.ts';

/**
 * The page of the link sent to a new address (/confermaemail/{token}): one button confirms, so a mail scanner that
 * opens the link does not use it up; then the outcome in Italian, with the way back to the login.
 */
export function ConfirmEmail({ token }: { token: string }) {
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const confirm = async () => {
    setPending(true);
    try {
      await confirmEmailChange(token);
      setOutcome({ ok: true, text: msg.emailConfermata });
    } catch (error) {
      setOutcome({ ok: false, text: error instanceof PublicCallError ? error.message : msg.erroreInterno });
    } finally {
      setPending(false);
    }
  };

  if (outcome) {
    return (
      <Box role="status" sx={{ textAlign: 'center' }}>
        <Alert severity={outcome.ok ? 'success' : 'error'} sx={{ mb: 2, textAlign: 'left' }}>
          {outcome.text}
        </Alert>
        <Link
          href="/"
          onClick={(event) => followLink(event, { replace: true })}
          sx={{ display: 'inline-block', py: 1.25 }}
        >
          Vai alla pagina di accesso
        </Link>
      </Box>
    );
  }
  return (
    <Box sx={{ textAlign: 'center' }}>
      <Typography variant="h6" component="h2">
        Conferma il nuovo indirizzo e-mail
      </Typography>
      <Typography variant="body2" sx={{ mt: 1, mb: 2 }}>
        Confermando, il nuovo indirizzo diventa quello con cui accedi e a cui arrivano i link per reimpostare la
        password e le comunicazioni del portale.
      </Typography>
      <Button variant="contained" size="large" fullWidth loading={pending} onClick={() => void confirm()}>
        Conferma indirizzo
      </Button>
    </Box>
  );
}
