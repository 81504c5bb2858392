import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { VideoSource } from './video-player.tsx';
import { LazyDialog } from './lazy-overlays.tsx';

// The player is fetched only when a video is opened, as the PDF and spreadsheet libraries are.
const VideoPlayer = lazy(async () => ({ default: (await import('./video-player.tsx')).VideoPlayer }));

/** A video in the portal's own player, in a dialog: full screen on a phone. */
export function VideoDialog({ video, onClose }: { video: VideoSource | null; onClose: () => void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <LazyDialog
      open={video !== null}
      onClose={onClose}
      fullScreen={phone}
      maxWidth="md"
      fullWidth
      aria-labelledby="video-title"
    >
      <DialogTitle id="video-title" sx={{ overflowWrap: 'anywhere' }}>
        {video?.title}
      </DialogTitle>
      <DialogContent sx={{ p: { xs: 1, sm: 2 } }}>
        {video && (
          <Suspense
            fallback={
              <Box sx={{ py: 4 }}>
                <LinearProgress aria-label="Caricamento del lettore video" />
              </Box>
            }
          >
            <VideoPlayer key={video.src} {...video} />
          </Suspense>
        )}
      </DialogContent>
      <DialogActions>
        {video && (
          <Button href={video.src} target="_blank" rel="noopener">
            Scarica
          </Button>
        )}
        <Button onClick={onClose}>Chiudi</Button>
      </DialogActions>
    </LazyDialog>
  );
}
