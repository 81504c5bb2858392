import { itIT } from '@mui/material/locale';
import { describe, expect, it } from 'vitest';
import { muiItalian } from '../src/app/mui-italian.ts';

// The texts are MUI's own: what its components say in Italian must not change by being copied.
describe('MUI’s Italian texts', () => {
  const ours = muiItalian.components ?? {};
  const mui = itIT.components ?? {};

  it('names the same components and the same texts', () => {
    expect(Object.keys(ours).sort()).toEqual(Object.keys(mui).sort());
    const texts = (l: typeof ours) =>
      Object.fromEntries(
        Object.entries(l).map(([name, c]) => [
          name,
          Object.fromEntries(Object.entries(c?.defaultProps ?? {}).filter(([, v]) => typeof v !== 'function')),
        ]),
      );
    expect(texts(ours)).toEqual(texts(mui));
  });

  it('writes the same labels', () => {
    for (const type of ['first', 'last', 'next', 'previous'] as const) {
      expect(ours.MuiTablePagination?.defaultProps.getItemAriaLabel?.(type)).toBe(
        mui.MuiTablePagination?.defaultProps.getItemAriaLabel?.(type),
      );
    }
    for (const type of ['first', 'last', 'next', 'previous', 'start-ellipsis', 'end-ellipsis'] as const) {
      expect(ours.MuiPagination?.defaultProps.getItemAriaLabel?.(type, 3, false)).toBe(
        mui.MuiPagination?.defaultProps.getItemAriaLabel?.(type, 3, false),
      );
    }
    for (const selected of [true, false]) {
      expect(ours.MuiPagination?.defaultProps.getItemAriaLabel?.('page', 7, selected)).toBe(
        mui.MuiPagination?.defaultProps.getItemAriaLabel?.('page', 7, selected),
      );
    }
    for (const rows of [
      { from: 1, to: 20, count: 50_000, page: 0 },
      { from: 12_341, to: 12_360, count: -1, page: 617 },
    ]) {
      expect(ours.MuiTablePagination?.defaultProps.labelDisplayedRows?.(rows)).toBe(
        mui.MuiTablePagination?.defaultProps.labelDisplayedRows?.(rows),
      );
    }
    for (const value of [1, 2, 4.5]) {
      expect(ours.MuiRating?.defaultProps.getLabelText?.(value)).toBe(
        mui.MuiRating?.defaultProps.getLabelText?.(value),
      );
    }
  });
});
