import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddPhotoIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { msg } from '@portal/shared/messages-it';
import type { GalleryItem } from '@portal/shared/schemas/images';
import { useConfirm } from './confirm-dialog.tsx';
import { ImageFileInput } from './image-file-input.tsx';
import { LazyDialog } from './lazy-overlays.tsx';

type GalleryProps = {
  items: readonly GalleryItem[] | undefined;
  /** Absent when the viewer may not change the gallery: no add button, no delete crosses. */
  onAdd?: ((file: File) => void) | undefined;
  adding?: boolean;
  onDelete?: ((name: string) => void) | undefined;
};

/**
 * A gallery of works ('Realizzazioni'): thumbnails; a click opens the carousel, the cross on an image deletes it
 * after "Confermi l'eliminazione di questa immagine?".
 */
export function Gallery({ items, onAdd, adding = false, onDelete }: GalleryProps) {
  const [open, setOpen] = useState<number | null>(null);
  const { confirm, dialog } = useConfirm();
  const input = useRef<HTMLInputElement>(null);

  return (
    <Box>
      {items === undefined ? (
        <Box sx={gridSx}>
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} variant="rounded" sx={{ aspectRatio: '4 / 3', height: 'auto' }} />
          ))}
        </Box>
      ) : items.length === 0 && !adding ? (
        <Typography sx={{ color: 'text.secondary', py: 2 }}>Nessuna immagine</Typography>
      ) : (
        <Box component="ul" aria-label="Immagini" sx={{ ...gridSx, listStyle: 'none', m: 0, p: 0 }}>
          {items.map((item, index) => (
            <Box component="li" key={item.name} sx={{ position: 'relative' }}>
              <ButtonBase
                onClick={() => setOpen(index)}
                aria-label={`Apri immagine ${index + 1}`}
                sx={{ display: 'block', width: '100%', borderRadius: 1, overflow: 'hidden', boxShadow: 1 }}
              >
                <Box
                  component="img"
                  src={item.url}
                  alt=""
                  loading="lazy"
                  sx={{
                    display: 'block',
                    width: '100%',
                    aspectRatio: '4 / 3',
                    objectFit: 'cover',
                    bgcolor: 'grey.200',
                  }}
                />
              </ButtonBase>
              {onDelete && (
                <IconButton
                  size="small"
                  aria-label={`Elimina immagine ${index + 1}`}
                  onClick={async () => {
                    if (await confirm(msg.confermaEliminaImmagine)) onDelete(item.name);
                  }}
                  sx={{
                    position: 'absolute',
                    top: 4,
                    right: 4,
                    bgcolor: 'rgba(0,0,0,0.55)',
                    color: 'common.white',
                    '&:hover': { bgcolor: 'rgba(0,0,0,0.75)' },
                  }}
                >
                  <CloseIcon fontSize="small" />
                </IconButton>
              )}
            </Box>
          ))}
          {adding && (
            <Box component="li">
              <Skeleton
                variant="rounded"
                sx={{ aspectRatio: '4 / 3', height: 'auto' }}
                role="progressbar"
                aria-label="Caricamento"
              />
            </Box>
          )}
        </Box>
      )}
      {onAdd && (
        <>
          <Button
            variant="outlined"
            startIcon={<AddPhotoIcon />}
            onClick={() => input.current?.click()}
            loading={adding}
            sx={{ mt: 2 }}
          >
            Aggiungi immagine
          </Button>
          <ImageFileInput inputRef={input} onFile={onAdd} />
        </>
      )}
      {items && items.length > 0 && (
        <Carousel
          items={items}
          index={open}
          onIndex={setOpen}
          onClose={() => setOpen(null)}
          onDelete={
            onDelete &&
            (async (name) => {
              if (await confirm(msg.confermaEliminaImmagine)) onDelete(name);
            })
          }
        />
      )}
      {dialog}
    </Box>
  );
}

const gridSx = {
  display: 'grid',
  gap: 1.5,
  gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
} as const;

type CarouselProps = {
  items: readonly GalleryItem[];
  index: number | null;
  onIndex: (index: number) => void;
  onClose: () => void;
  onDelete?: ((name: string) => void) | undefined;
};

/** The full images one at a time, with arrows (and the arrow keys) to move and wrap around. */
function Carousel({ items, index, onIndex, onClose, onDelete }: CarouselProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const count = items.length;
  // After a delete the index may point past the end; show the last image then.
  const current = index === null ? null : Math.min(index, count - 1);
  const item = current === null ? undefined : items[current];
  const go = (step: number) => current !== null && onIndex((current + step + count) % count);

  return (
    <LazyDialog
      open={item !== undefined}
      onClose={onClose}
      fullScreen={phone}
      maxWidth="lg"
      fullWidth
      onKeyDown={(event) => {
        if (event.key === 'ArrowLeft') go(-1);
        if (event.key === 'ArrowRight') go(1);
      }}
      // The role=dialog element is the paper, so that is where the name goes.
      slotProps={{ paper: { 'aria-label': 'Galleria', sx: { bgcolor: 'grey.900', color: 'common.white' } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1 }}>
        <Typography sx={{ flexGrow: 1 }} aria-live="polite">
          {current !== null && `${current + 1} / ${count}`}
        </Typography>
        {onDelete && item && (
          <IconButton aria-label="Elimina immagine" onClick={() => onDelete(item.name)} sx={{ color: 'inherit' }}>
            <DeleteIcon />
          </IconButton>
        )}
        <IconButton aria-label="Chiudi" onClick={onClose} sx={{ color: 'inherit' }}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box
        sx={{
          position: 'relative',
          display: 'grid',
          placeItems: 'center',
          flexGrow: 1,
          minHeight: { xs: 0, sm: '60vh' },
          px: { xs: 0, sm: 8 },
          pb: 2,
        }}
      >
        {item && (
          <Box
            component="img"
            src={item.urlreal}
            alt={`Immagine ${(current ?? 0) + 1} di ${count}`}
            sx={{ maxWidth: '100%', maxHeight: { xs: 'calc(100dvh - 96px)', sm: '75vh' }, objectFit: 'contain' }}
          />
        )}
        {count > 1 && (
          <>
            <IconButton aria-label="Immagine precedente" onClick={() => go(-1)} sx={arrowSx('left')}>
              <ChevronLeftIcon fontSize="large" />
            </IconButton>
            <IconButton aria-label="Immagine successiva" onClick={() => go(1)} sx={arrowSx('right')}>
              <ChevronRightIcon fontSize="large" />
            </IconButton>
          </>
        )}
      </Box>
    </LazyDialog>
  );
}

function arrowSx(side: 'left' | 'right') {
  return {
    position: 'absolute',
    top: '50%',
    [side]: 8,
    transform: 'translateY(-50%)',
    color: 'common.white',
    bgcolor: 'rgba(0,0,0,0.45)',
    '&:hover': { bgcolor: 'rgba(0,0,0,0.7)' },
  } as const;
}
