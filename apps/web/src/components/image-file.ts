import { msg } from '@portal/shared/messages-it';
import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '@portal/shared/schemas/images';

/** The file picker offers images (images are uploaded with image/*). */
export const IMAGE_ACCEPT = 'image/*';

/**
 * The portal's image limits, checked before the upload so a wrong file is refused at once; the server checks
 * the bytes again. null when the file may go.
 */
export function imageFileProblem(file: File): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return msg.immagineNonValida;
  if (file.size > IMAGE_MAX_BYTES) return msg.immagineTroppoGrande;
  return null;
}
