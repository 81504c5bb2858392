import { z } from 'zod';

/**
 * Paged lists: query page (1-based) and size (default 20, max 200); reply {data, page, pages, reccount}.
 * A page beyond the count is answered as the last page; with no rows the reply is page 1, pages 0, reccount 0
 * (one or no pages resets the page to 1). Omit page and size rather than sending them empty.
 */
export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 200;

export const pagingQuery = z.object({
  page: z.coerce.number().int().min(1).optional(),
  size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).optional(),
});
export type PagingQuery = z.infer<typeof pagingQuery>;

export function pagedReply<T extends z.ZodType>(row: T) {
  return z.object({
    data: z.array(row),
    page: z.number().int().min(1),
    pages: z.number().int().min(0),
    reccount: z.number().int().min(0),
  });
}

export type Paged<T> = { data: T[]; page: number; pages: number; reccount: number };
