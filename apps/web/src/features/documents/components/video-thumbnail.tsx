import Box from '@mui/material/Box';
import PlayCircleIcon from '@mui/icons-material/PlayCircleFilledOutlined';
import type { DocumentRow } from '@portal/shared/schemas/documents';
import { DocumentIcon } from './document-icon.tsx';

/**
 * A video's thumbnail: its poster frame (captured at upload) with a play mark, or the type's icon when it has none.
 * Decorative: the card around it carries the video's name.
 */
export function VideoThumbnail({ doc }: { doc: Pick<DocumentRow, 'poster' | 'tipo'> }) {
  if (!doc.poster) return <DocumentIcon kind={doc.tipo} sx={{ fontSize: 48, color: 'primary.main' }} aria-hidden />;
  return (
    <Box
      sx={{
        position: 'relative',
        width: '100%',
        aspectRatio: '16 / 9',
        borderRadius: 1,
        overflow: 'hidden',
        bgcolor: 'grey.900',
      }}
    >
      <Box
        component="img"
        src={doc.poster}
        alt=""
        loading="lazy"
        sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
      />
      <PlayCircleIcon
        aria-hidden
        sx={{
          position: 'absolute',
          inset: 0,
          m: 'auto',
          fontSize: 48,
          color: 'common.white',
          filter: 'drop-shadow(0 0 4px rgba(0,0,0,.6))',
        }}
      />
    </Box>
  );
}

/** What the player needs of a video document. */
export const videoSourceOf = (doc: DocumentRow) => ({ src: doc.doc, poster: doc.poster, title: doc.title });
