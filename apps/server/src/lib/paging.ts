import { PAGE_SIZE_DEFAULT, type PagingQuery } from '@portal/shared/schemas/paging';

export type PageWindow = { page: number; pages: number; size: number; offset: number };

/**
 * Where a page of reccount rows starts. A page beyond the count becomes the last page and no rows give page 1 of
 * 0 (spec section 4), so a stale page in the URL still shows rows.
 */
export function pageWindow(reccount: number, query: PagingQuery): PageWindow {
  const size = query.size ?? PAGE_SIZE_DEFAULT;
  const pages = Math.ceil(reccount / size);
  const page = Math.max(1, Math.min(query.page ?? 1, pages));
  return { page, pages, size, offset: (page - 1) * size };
}
