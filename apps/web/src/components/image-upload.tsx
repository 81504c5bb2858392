import { useRef } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import EditIcon from '@mui/icons-material/Edit';
import { ImageFileInput } from './image-file-input.tsx';
import { PersonAvatar } from './person-avatar.tsx';

type ImageUploadProps = {
  /** The current image URL, '' for none (the initials of name are shown). */
  src: string;
  name: string;
  size?: number;
  /** Absent when the viewer may not change the image: then there is no pencil. */
  onUpload?: ((file: File) => void) | undefined;
  uploading?: boolean;
};

/** A profile image with the pencil that uploads a new one. */
export function ImageUpload({ src, name, size = 160, onUpload, uploading = false }: ImageUploadProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <Box sx={{ position: 'relative', width: size, height: size, flexShrink: 0 }}>
      <PersonAvatar src={src} name={name} size={size} variant="rounded" sx={{ boxShadow: 1 }} />
      {uploading && (
        <Box
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'rgba(255,255,255,0.6)',
            borderRadius: 1,
          }}
        >
          <CircularProgress aria-label="Caricamento dell'immagine" />
        </Box>
      )}
      {onUpload && (
        <>
          <Tooltip title="Cambia immagine">
            <IconButton
              aria-label="Cambia immagine"
              disabled={uploading}
              onClick={() => input.current?.click()}
              sx={{
                position: 'absolute',
                right: -8,
                bottom: -8,
                bgcolor: 'background.paper',
                boxShadow: 2,
                '&:hover': { bgcolor: 'grey.100' },
              }}
            >
              <EditIcon />
            </IconButton>
          </Tooltip>
          <ImageFileInput inputRef={input} onFile={onUpload} />
        </>
      )}
    </Box>
  );
}
