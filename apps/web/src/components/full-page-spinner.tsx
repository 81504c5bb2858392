import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** Shown while the session check or a lazy area is loading. */
export function FullPageSpinner() {
  return (
    <Box sx={{ minHeight: '60dvh', display: 'grid', placeItems: 'center' }}>
      <CircularProgress aria-label="Caricamento in corso" />
    </Box>
  );
}
