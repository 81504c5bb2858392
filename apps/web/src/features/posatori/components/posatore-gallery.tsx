import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Gallery } from '../../../components/gallery.tsx';
import { useAddGalleryImage } from '../../images/api/add-gallery-image.ts';
import { useDeleteGalleryImage } from '../../images/api/delete-gallery-image.ts';
import { useGallery, type GalleryPath } from '../../images/api/get-gallery.ts';

/**
 * 'Realizzazioni': the installer's gallery of works, editable unless the viewer is their reseller (or the installer
 * while their profile is not in order: `note` says why).
 */
export function PosatoreGallery({ path, editable, note }: { path: GalleryPath; editable: boolean; note?: string }) {
  const gallery = useGallery(path);
  const add = useAddGalleryImage(path);
  const remove = useDeleteGalleryImage(path);
  return (
    <Paper variant="outlined" component="section" aria-label="Realizzazioni" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2, fontWeight: 500 }}>
        Realizzazioni
      </Typography>
      {note && (
        <Typography variant="body2" sx={{ mb: 2, color: 'text.secondary' }}>
          {note}
        </Typography>
      )}
      <Gallery
        items={gallery.data ?? (gallery.isError ? [] : undefined)}
        onAdd={editable ? (file) => add.mutate(file) : undefined}
        adding={add.isPending}
        onDelete={editable ? (name) => remove.mutate(name) : undefined}
      />
    </Paper>
  );
}
