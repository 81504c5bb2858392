import { queryOptions, useQuery } from '@tanstack/react-query';
import { galleryReply, type GalleryItem } from '@portal/shared/schemas/images';
import { apiGet } from '../../../lib/api-client.ts';
import { imagesKeys } from './images-keys.ts';

/** The installer galleries ('Realizzazioni'): another installer's, or one's own. */
export type GalleryPath = `/api/posagallery/${string}` | '/api/mygallery';

// The listing carries a ?refresh{n} cache breaker, a new n per request.
let refresh = 0;

export function getGallery(path: GalleryPath, signal?: AbortSignal): Promise<GalleryItem[]> {
  refresh += 1;
  return apiGet(`${path}?refresh${refresh}`, galleryReply, { signal });
}

export function galleryQuery(path: GalleryPath) {
  return queryOptions({
    queryKey: imagesKeys.gallery(path),
    queryFn: ({ signal }) => getGallery(path, signal),
  });
}

export function useGallery(path: GalleryPath) {
  return useQuery(galleryQuery(path));
}
