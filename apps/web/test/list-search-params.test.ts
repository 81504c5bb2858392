import { describe, expect, test } from 'vitest';
import { posatoriQuery } from '@portal/shared/schemas/posatori';
import { listSearchOf, pageOf, rowLink, toListQuery, valuesOf, withChanges } from '../src/lib/list-search-params.ts';

const url = (search: string) => new URLSearchParams(search);

describe('a list in the URL: its filters and page', () => {
  test('each filter key reads its value, and a key absent from the URL reads as not set', () => {
    expect(valuesOf(url('?name=Rossi&state=MI'), ['name', 'state', 'code'])).toEqual({
      name: 'Rossi',
      state: 'MI',
      code: '',
    });
  });

  test('the page is the URL’s whole number from 1 up; anything else is the first page', () => {
    expect(pageOf(url('?page=3'))).toBe(3);
    expect(pageOf(url(''))).toBe(1);
    expect(pageOf(url('?page=0'))).toBe(1);
    expect(pageOf(url('?page=-2'))).toBe(1);
    expect(pageOf(url('?page=2.5'))).toBe(1);
    expect(pageOf(url('?page=due'))).toBe(1);
  });

  test('a new filter value goes into the URL and the list starts again from its first page', () => {
    const next = withChanges(url('?name=Rossi&page=4'), { state: 'TO' }, true);
    expect(next.toString()).toBe('name=Rossi&state=TO');
  });

  test('an emptied filter leaves the URL instead of standing there as key=', () => {
    const next = withChanges(url('?name=Rossi&state=TO'), { name: '', state: undefined }, true);
    expect(next.toString()).toBe('');
  });

  test('a page change keeps the filters, and the change does not touch the URL it started from', () => {
    const before = url('?name=Rossi&page=2');
    const next = withChanges(before, { page: '3' }, false);
    expect(next.toString()).toBe('name=Rossi&page=3');
    expect(before.toString()).toBe('name=Rossi&page=2');
  });
});

describe('the API query of a list, checked with the list’s own schema', () => {
  test('the URL’s filters and page become the query', () => {
    expect(toListQuery(posatoriQuery, { name: 'Rossi', state: 'MI' }, 2)).toMatchObject({
      name: 'Rossi',
      state: 'MI',
      page: 2,
    });
  });

  test('a value the API would refuse (a hand-edited link) is dropped and the other filters stay', () => {
    const query = toListQuery(posatoriQuery, { name: 'Rossi', state: 'milano' }, 1);
    expect(query).toMatchObject({ name: 'Rossi', page: 1 });
    expect(query).not.toHaveProperty('state');
  });
});

describe('a row’s link carries the list to come back to', () => {
  test('the list’s query string travels with the link and is read back by the edit screen', () => {
    const link = rowLink('/admin/posatori/abc', '?name=Rossi&page=2');
    expect(link.to).toBe('/admin/posatori/abc');
    expect(listSearchOf(link.state)).toBe('?name=Rossi&page=2');
  });

  test('a screen opened without a row link (or with odd router state) goes back to the plain list', () => {
    expect(listSearchOf(undefined)).toBe('');
    expect(listSearchOf(null)).toBe('');
    expect(listSearchOf({ listSearch: 42 })).toBe('');
    expect(listSearchOf({ listSearch: 'name=Rossi' })).toBe('');
  });
});
