import Typography from '@mui/material/Typography';

/** The screen heading, also the browser tab title (React 19 hoists <title> into <head>). */
export function PageTitle({ title }: { title: string }) {
  return (
    <>
      <title>{`${title} · Portale Posatori`}</title>
      <Typography variant="h5" component="h1" sx={{ mb: 2, fontWeight: 500 }}>
        {title}
      </Typography>
    </>
  );
}
