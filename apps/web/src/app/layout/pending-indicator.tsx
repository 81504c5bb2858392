import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';

/** The toolbar spinner: on while any request runs, except background polling of data already shown. */
export function PendingIndicator() {
  const fetching = useIsFetching({
    predicate: (query) => !(query.meta?.background && query.state.data !== undefined),
  });
  const mutating = useIsMutating();
  return (
    // The slot keeps its width so the toolbar does not jump when the spinner comes and goes.
    <Box sx={{ width: 32, display: 'grid', placeItems: 'center', flexShrink: 0 }}>
      {fetching + mutating > 0 && <CircularProgress size={22} aria-label="Caricamento in corso" />}
    </Box>
  );
}
