import { describe, expect, test } from 'vitest';
import { pagerItems } from '../src/lib/pager-items.ts';

const shown = (page: number, pages: number) =>
  pagerItems(page, pages)
    .map((item) => (typeof item === 'number' ? String(item) : '…'))
    .join(' ');

describe('the pager: first and last page, 3 neighbours on each side, ellipses between', () => {
  test('on the first page, the 3 pages after it and the last', () => {
    expect(shown(1, 16)).toBe('1 2 3 4 … 16');
  });

  test('on the last page, the first and the 3 pages before it', () => {
    expect(shown(16, 16)).toBe('1 … 13 14 15 16');
  });

  test('on a middle page, 3 neighbours each side between two ellipses', () => {
    expect(shown(8, 16)).toBe('1 … 5 6 7 8 9 10 11 … 16');
  });

  test('near an end, no ellipsis where the neighbours reach the first or last page', () => {
    expect(shown(2, 16)).toBe('1 2 3 4 5 … 16');
    expect(shown(4, 16)).toBe('1 2 3 4 5 6 7 … 16');
    expect(shown(15, 16)).toBe('1 … 12 13 14 15 16');
  });

  test('an ellipsis never stands for a single page: that page is shown', () => {
    expect(shown(6, 16)).toBe('1 2 3 4 5 6 7 8 9 … 16');
    expect(shown(11, 16)).toBe('1 … 8 9 10 11 12 13 14 15 16');
    expect(shown(5, 16)).toBe('1 2 3 4 5 6 7 8 … 16');
  });

  test('few pages: every page, no ellipsis', () => {
    expect(shown(1, 1)).toBe('1');
    expect(shown(1, 2)).toBe('1 2');
    expect(shown(3, 5)).toBe('1 2 3 4 5');
    expect(shown(1, 6)).toBe('1 2 3 4 5 6');
    expect(shown(1, 7)).toBe('1 2 3 4 … 7');
  });

  test('never more than 11 items, so the pager fits a phone', () => {
    for (let pages = 1; pages <= 40; pages++) {
      for (let page = 1; page <= pages; page++) expect(pagerItems(page, pages).length).toBeLessThanOrEqual(11);
    }
  });

  test('a page out of range is shown as the nearest one; no pages, nothing', () => {
    expect(shown(99, 16)).toBe('1 … 13 14 15 16');
    expect(shown(0, 16)).toBe('1 2 3 4 … 16');
    expect(pagerItems(1, 0)).toEqual([]);
  });
});
