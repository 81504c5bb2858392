import { useDeferredValue, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Breakpoint } from '@mui/material/styles';
import { visuallyHidden } from './visually-hidden.ts';

export type Column<R> = {
  key: string;
  /** The header text; for an icon-only column it is read by screen readers only (hideHeader). */
  header: string;
  hideHeader?: boolean;
  render: (row: R) => ReactNode;
  width?: number;
  align?: 'left' | 'center' | 'right';
  /** Columns that matter less are dropped on narrow screens instead of squeezing the others. */
  hideBelow?: Breakpoint;
};

export type Selection = {
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
};

type DataTableProps<R> = {
  /** Names the table for screen readers ('Elenco posatori'). */
  label: string;
  rows: readonly R[];
  columns: readonly Column<R>[];
  rowKey: (row: R) => string;
  /** The row's name, for the checkbox's accessible name ('Seleziona Mario Rossi'). */
  rowLabel: (row: R) => string;
  selection?: Selection | undefined;
  /** The last cell of a row, e.g. its menu. */
  rowActions?: ((row: R) => ReactNode) | undefined;
  /** A page is being fetched: the rows shown are the previous ones. */
  loading: boolean;
  emptyText: string;
  /** Rendered under the rows: the pager. */
  footer?: ReactNode;
};

/*
 * The styles every cell shares are rules of the table, chosen by a class name: an `sx` on each cell would be
 * resolved and serialized again for each of a page's cells (about 160) at every render, work a slow phone feels
 * (docs/performance/front-end-weight.md).
 */
const hideBelowClass = (hideBelow: Breakpoint | undefined) =>
  hideBelow && hideBelow !== 'xs' ? `data-table-from-${hideBelow}` : undefined;
const actionsClass = 'data-table-actions';
const tableSx = {
  // Half the side padding on a phone: 16 px a side is a whole column's width over four or five columns.
  '& .MuiTableCell-root:not(.MuiTableCell-paddingCheckbox)': { px: { xs: 1, sm: 2 } },
  [`& .${actionsClass}`]: { py: 0 },
  ...Object.fromEntries(
    (['sm', 'md', 'lg', 'xl'] as const).map((from) => [
      `& .${hideBelowClass(from)}`,
      { display: { xs: 'none', [from]: 'table-cell' } },
    ]),
  ),
};

/** The selection's state on this page and its two gestures: one row, or every row of the page. */
function pageSelection(keys: readonly string[], selection: Selection | undefined) {
  const selectedHere = selection ? keys.filter((key) => selection.selected.has(key)).length : 0;
  const toggleAll = () => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (selectedHere === keys.length) for (const key of keys) next.delete(key);
    else for (const key of keys) next.add(key);
    selection.onChange(next);
  };
  const toggle = (key: string) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    selection.onChange(next);
  };
  return { selectedHere, toggleAll, toggle };
}

/** The header row: the page's select-all box, the columns' headers, the actions column named for screen readers. */
function DataTableHead<R>({
  columns,
  selectable,
  withActions,
  pageSize,
  selectedHere,
  onToggleAll,
}: {
  columns: readonly Column<R>[];
  selectable: boolean;
  withActions: boolean;
  pageSize: number;
  selectedHere: number;
  onToggleAll: () => void;
}) {
  return (
    <TableHead>
      <TableRow>
        {selectable && (
          <TableCell padding="checkbox">
            <Checkbox
              checked={pageSize > 0 && selectedHere === pageSize}
              indeterminate={selectedHere > 0 && selectedHere < pageSize}
              disabled={pageSize === 0}
              onChange={onToggleAll}
              slotProps={{ input: { 'aria-label': 'Seleziona tutti' } }}
            />
          </TableCell>
        )}
        {columns.map((column) => (
          <TableCell
            key={column.key}
            align={column.align}
            className={hideBelowClass(column.hideBelow)}
            sx={{
              width: column.width,
              fontWeight: 500,
              whiteSpace: 'nowrap',
            }}
          >
            {column.hideHeader ? (
              <Box component="span" sx={visuallyHidden}>
                {column.header}
              </Box>
            ) : (
              column.header
            )}
          </TableCell>
        ))}
        {withActions && (
          <TableCell sx={{ width: 56 }}>
            <Box component="span" sx={visuallyHidden}>
              Azioni
            </Box>
          </TableCell>
        )}
      </TableRow>
    </TableHead>
  );
}

/** No rows: placeholder rows on the first load (they keep the table's shape), the empty text after it. */
function NoRows({ loading, columnCount, emptyText }: { loading: boolean; columnCount: number; emptyText: string }) {
  if (loading) {
    return [0, 1, 2, 3, 4].map((n) => (
      <TableRow key={`skeleton-${n}`}>
        <TableCell colSpan={columnCount}>
          <Skeleton variant="text" height={32} />
        </TableCell>
      </TableRow>
    ));
  }
  return (
    <TableRow>
      <TableCell colSpan={columnCount} sx={{ py: 6, textAlign: 'center' }}>
        <Typography sx={{ color: 'text.secondary' }}>{emptyText}</Typography>
      </TableCell>
    </TableRow>
  );
}

/**
 * The table of a server-paged list (one page of rows, the pager below). Selection is by row key, so the screen
 * decides what selecting means across pages.
 */
export function DataTable<R>({
  label,
  rows,
  columns,
  rowKey,
  rowLabel,
  selection,
  rowActions,
  loading,
  emptyText,
  footer,
}: DataTableProps<R>) {
  // Rows that come after none (the first page, or a search that had found nothing) are built in the background, a
  // few milliseconds of work at a time, with the placeholders on screen meanwhile: on a slow phone that is one
  // long task fewer. The pager waits for them so that it does not show under the placeholders and then move.
  // A page that replaces another shows at once, as before: deferring it would build the old page again first.
  const settled = useDeferredValue(rows.length > 0) || rows.length === 0;
  const shownRows = settled ? rows : [];
  const busy = loading || !settled;
  const keys = shownRows.map(rowKey);
  const { selectedHere, toggleAll, toggle } = pageSelection(keys, selection);
  const columnCount = columns.length + (selection ? 1 : 0) + (rowActions ? 1 : 0);

  return (
    <Paper variant="outlined" sx={{ position: 'relative', overflow: 'hidden' }}>
      {/* Over the table's top edge, out of the flow, so the rows do not jump when a fetch starts or ends; there only
          while one runs: a hidden indeterminate bar still animates, a frame at a time, on a phone's battery. */}
      {busy && (
        <LinearProgress aria-label="Caricamento" sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }} />
      )}
      <TableContainer>
        <Table size="small" aria-label={label} aria-busy={busy} sx={tableSx}>
          <DataTableHead
            columns={columns}
            selectable={selection !== undefined}
            withActions={rowActions !== undefined}
            pageSize={keys.length}
            selectedHere={selectedHere}
            onToggleAll={toggleAll}
          />
          <TableBody>
            {shownRows.length === 0 && <NoRows loading={busy} columnCount={columnCount} emptyText={emptyText} />}
            {shownRows.map((row) => {
              const key = rowKey(row);
              const checked = selection?.selected.has(key) ?? false;
              return (
                <TableRow key={key} hover selected={checked}>
                  {selection && (
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={checked}
                        onChange={() => toggle(key)}
                        slotProps={{ input: { 'aria-label': `Seleziona ${rowLabel(row)}` } }}
                      />
                    </TableCell>
                  )}
                  {columns.map((column) => (
                    <TableCell key={column.key} align={column.align} className={hideBelowClass(column.hideBelow)}>
                      {column.render(row)}
                    </TableCell>
                  ))}
                  {rowActions && <TableCell className={actionsClass}>{rowActions(row)}</TableCell>}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {settled && footer}
    </Paper>
  );
}
