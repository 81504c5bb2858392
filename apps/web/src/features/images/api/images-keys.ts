/** The galleries' query keys, one per gallery path. */
export const imagesKeys = {
  gallery: (path: string) => ['gallery', path] as const,
};
