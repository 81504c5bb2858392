import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { msg } from '@portal/shared/messages-it';
import { followLink } from '../../../lib/public-navigation.ts';

/** /resetted : the reset e-mail is on its way. */
export function ResettedPage() {
  return (
    <Box sx={{ textAlign: 'center' }}>
      <title>Password reimpostata · Portale Posatori</title>
      <Alert severity="success" sx={{ mb: 2, textAlign: 'left' }}>
        {msg.passwordReimpostata}
      </Alert>
      <Link href="/" onClick={followLink} sx={{ display: 'inline-block', py: 1.25 }}>
        Torna al login
      </Link>
    </Box>
  );
}
