import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';

/** "Torna all'elenco": back to the list the screen was opened from, with its filters and page. */
export function BackToList({ pathname, search }: { pathname: string; search: string }) {
  return (
    <Button component={RouterLink} to={{ pathname, search }} startIcon={<ArrowBackIcon />} sx={{ mb: 1, ml: -1 }}>
      Torna all'elenco
    </Button>
  );
}
