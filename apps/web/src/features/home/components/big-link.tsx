import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import CardActionArea from '@mui/material/CardActionArea';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** A home's big link (the admin's links to the import, a new communication, the statistics). */
export function BigLink({ to, icon, label }: { to: string; icon: ReactNode; label: string }) {
  return (
    <Paper variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea
        component={RouterLink}
        to={to}
        sx={{ p: 2.5, height: '100%', display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'center' }}
      >
        <span aria-hidden>{icon}</span>
        <Typography sx={{ fontWeight: 600, textAlign: 'center' }}>{label}</Typography>
      </CardActionArea>
    </Paper>
  );
}
