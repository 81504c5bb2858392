import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { brand } from '../../brand.ts';

/** The public screens: one centred card with the logo, comfortable on a phone too. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'grid',
        placeItems: 'center',
        p: 2,
        // A faint tiled floor behind the card, echoing the logo.
        backgroundColor: '#eef2f7',
        backgroundImage:
          'linear-gradient(rgba(30,58,95,0.05) 2px, transparent 2px), linear-gradient(90deg, rgba(30,58,95,0.05) 2px, transparent 2px)',
        backgroundSize: '64px 64px',
      }}
    >
      <Card elevation={3} sx={{ width: '100%', maxWidth: 420, borderTop: `4px solid ${brand.red}` }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', mb: 2 }}>
            <img src="/logo.svg" alt="" width={64} height={64} />
            <Typography variant="h5" component="h1" sx={{ mt: 1, fontWeight: 500, color: brand.slate }}>
              Portale Posatori
            </Typography>
          </Box>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}
