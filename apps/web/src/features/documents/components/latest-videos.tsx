import { useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { DocumentRow } from '@portal/shared/schemas/documents';
import { VideoDialog } from '../../../components/video-dialog.tsx';
import { visuallyHidden } from '../../../components/visually-hidden.ts';
import { formatDate } from '../../../lib/formatters.ts';
import { useDocuments, type DocumentsSource } from '../api/get-documents.ts';
import { VideoThumbnail, videoSourceOf } from './video-thumbnail.tsx';

const LATEST = 4;

/**
 * The latest training videos among the documents the user may see (the homes and the documents screens): their
 * poster frames, each opening the player. Nothing at all while there is no video.
 */
export function LatestVideos({ source, enabled = true }: { source: DocumentsSource; enabled?: boolean }) {
  const videos = useDocuments(source, { size: LATEST, ftipo: 'video' }, { enabled });
  const [open, setOpen] = useState<DocumentRow | null>(null);
  const rows = videos.data?.data ?? [];
  if (rows.length === 0) return null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="latest-videos-title" sx={{ p: 2, mb: 2 }}>
      <Typography id="latest-videos-title" component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        Video recenti
      </Typography>
      <Box
        component="ul"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))',
          gap: 1.5,
          m: 0,
          p: 0,
          listStyle: 'none',
        }}
      >
        {rows.map((doc) => (
          <Card key={doc.uuid} component="li" variant="outlined">
            <CardActionArea
              onClick={() => setOpen(doc)}
              sx={{ p: 1, display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.75 }}
            >
              <VideoThumbnail doc={doc} />
              <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                <Box component="span" sx={visuallyHidden}>
                  Guarda il video{' '}
                </Box>
                {doc.title}
              </Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {formatDate(doc.data)}
              </Typography>
            </CardActionArea>
          </Card>
        ))}
      </Box>
      <VideoDialog video={open && videoSourceOf(open)} onClose={() => setOpen(null)} />
    </Paper>
  );
}
