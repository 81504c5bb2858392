import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** A titled block of a form ('Dati personali', ...) whose fields reflow from one column on a phone to three. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, md: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2, fontWeight: 500 }}>
        {title}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        {children}
      </Box>
    </Paper>
  );
}

/**
 * A field wider than one column: 'all' takes its section's whole row (the province chips), 'two' two columns
 * wherever there are two or more (a company name), 'two-sm' two columns on the two-column grid only (so a
 * three-column row stays full on wide screens: the installer's address).
 */
export function WideField({ children, span = 'all' }: { children: ReactNode; span?: 'all' | 'two' | 'two-sm' }) {
  const gridColumn = { all: '1 / -1', two: { sm: 'span 2' }, 'two-sm': { sm: 'span 2', lg: 'span 1' } }[span];
  return <Box sx={{ minWidth: 0, gridColumn }}>{children}</Box>;
}
