import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

type ProfileAsideProps = {
  /** The image with its pencil (ImageUpload). */
  image: ReactNode;
  /** The name under the image. */
  title: string;
  /** Beside the name (the certificate icon). */
  titleAdornment?: ReactNode;
  /** Under the name: what the profile is ('Posatore Master', 'Capo area'). */
  subtitle?: ReactNode;
  /** What the form does not edit: AsideInfo lines, the account, notes. */
  children?: ReactNode;
};

/**
 * The image side panel of the profile screens: the image (with the pencil that uploads a new one when the viewer
 * may), the name, and below a divider what the form does not edit. Beside the name on a phone, above it from md up.
 */
export function ProfileAside({ image, title, titleAdornment, subtitle, children }: ProfileAsideProps) {
  return (
    <Paper variant="outlined" component="aside" aria-label="Immagine del profilo" sx={{ p: { xs: 2, md: 3 } }}>
      <Stack spacing={2} sx={{ alignItems: { xs: 'flex-start', sm: 'center', md: 'center' } }}>
        <Box
          sx={{
            display: 'flex',
            gap: 2,
            alignItems: 'center',
            flexDirection: { xs: 'row', md: 'column' },
            width: '100%',
            justifyContent: { sm: 'center' },
          }}
        >
          {image}
          <Box sx={{ textAlign: { xs: 'left', md: 'center' }, minWidth: 0 }}>
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', justifyContent: { md: 'center' } }}>
              <Typography variant="h6" component="p" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                {title}
              </Typography>
              {titleAdornment}
            </Stack>
            {subtitle}
          </Box>
        </Box>
        {children && (
          <>
            <Divider flexItem />
            <Stack spacing={1.25} sx={{ width: '100%' }}>
              {children}
            </Stack>
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** One labelled value of the side panel; nothing when the value is empty. */
export function AsideInfo({ label, value, children }: { label: string; value?: string; children?: ReactNode }) {
  if (!value && !children) return null;
  return (
    <Box>
      <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      {children ?? (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {value}
        </Typography>
      )}
    </Box>
  );
}
