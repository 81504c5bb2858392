/** What the pager shows, left to right: page numbers and the ellipses standing for the pages between them. */
export type PagerItem = number | 'start-ellipsis' | 'end-ellipsis';

/** The first and last page, and this many neighbours on each side of the current one (the spec's pager). */
export const PAGER_NEIGHBOURS = 3;

/**
 * The pager's items for a page of a list of `pages` pages: 1 2 3 4 … 16 on page 1, 1 … 5 6 7 8 9 10 11 … 16 on
 * page 8. An ellipsis would stand for a single page no narrower than its number, so that page is shown instead.
 */
export function pagerItems(page: number, pages: number, neighbours = PAGER_NEIGHBOURS): PagerItem[] {
  if (pages < 1) return [];
  const current = Math.min(Math.max(page, 1), pages);
  const from = Math.max(current - neighbours, 1);
  const to = Math.min(current + neighbours, pages);
  const items: PagerItem[] = [];
  if (from > 1) items.push(1);
  if (from === 3) items.push(2);
  else if (from > 3) items.push('start-ellipsis');
  for (let n = from; n <= to; n++) items.push(n);
  if (to === pages - 2) items.push(pages - 1);
  else if (to < pages - 2) items.push('end-ellipsis');
  if (to < pages) items.push(pages);
  return items;
}
