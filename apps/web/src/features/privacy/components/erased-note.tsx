import Typography from '@mui/material/Typography';

/** In place of an erased person's account controls: what is left of them, and why nothing can be done. */
export function ErasedNote() {
  return (
    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
      Dati personali cancellati: restano solo le cifre dei coupon.
    </Typography>
  );
}
