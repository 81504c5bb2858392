import type { ReactNode } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatCount } from '../../../lib/formatters.ts';

export type FigureColumn<R> = {
  header: string;
  /** A number is written it-IT (1.234) and aligned right; text as it is. */
  value: (row: R) => number | string;
  /** A total of the column in the last row, for columns where one means something. */
  total?: boolean;
};

/**
 * The numbers of a chart, under it: a small table with its header kept in view while its rows scroll (a range of
 * 90 days is 90 rows), numbers right-aligned, and a total row when asked for.
 */
export function FigureTable<R>({
  label,
  rows,
  columns,
  rowKey,
  maxHeight = 320,
}: {
  label: string;
  rows: readonly R[];
  columns: readonly FigureColumn<R>[];
  rowKey: (row: R) => string;
  maxHeight?: number;
}) {
  const cell = (v: number | string): ReactNode => (typeof v === 'number' ? formatCount(v) : v);
  const totals = columns.some((c) => c.total);
  return (
    <TableContainer sx={{ maxHeight, border: 1, borderColor: 'divider', borderRadius: 1 }} tabIndex={0}>
      <Table size="small" stickyHeader aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((c, i) => (
              <TableCell
                key={c.header}
                align={i === 0 ? 'left' : 'right'}
                sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
              >
                {c.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)} hover>
              {columns.map((c) => {
                const v = c.value(row);
                return (
                  <TableCell
                    key={c.header}
                    align={typeof v === 'number' ? 'right' : 'left'}
                    sx={{ whiteSpace: 'nowrap' }}
                  >
                    {cell(v)}
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
          {totals && rows.length > 0 && (
            <TableRow sx={{ '& td': { fontWeight: 600, borderBottom: 0 } }}>
              {columns.map((c, i) => (
                <TableCell key={c.header} align={i === 0 ? 'left' : 'right'}>
                  {i === 0 ? 'Totale' : c.total ? formatCount(rows.reduce((s, r) => s + Number(c.value(r)), 0)) : ''}
                </TableCell>
              ))}
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
