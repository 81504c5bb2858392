import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ActionBar, type BarAction } from './action-bar.tsx';
import { PageTitle } from './page-title.tsx';
import { formatCount } from '../lib/formatters.ts';

/** The top of a list screen: its title, and the toolbar of the area (import, export, add, ...) beside it. */
export function ListHeading({ title, actions }: { title: string; actions: readonly BarAction[] }) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'flex-start',
        justifyContent: 'space-between',
        columnGap: 2,
        rowGap: 1,
        mb: 2,
      }}
    >
      <Box sx={{ '& h1': { mb: 0 } }}>
        <PageTitle title={title} />
      </Box>
      <ActionBar actions={actions} />
    </Box>
  );
}

type ListCountProps = {
  /** The server's reccount; undefined while the first page loads. */
  count: number | undefined;
  /** The row word, singular and plural: ['posatore', 'posatori']. */
  noun: readonly [string, string];
  failed: boolean;
  /** What sits on the right of the line (the view switch), and between (a bulk action). */
  children?: ReactNode;
  end?: ReactNode;
};

/** The line above a list's rows: how many rows the filters found ('12 partner'), read out when it changes. */
export function ListCount({ count, noun, failed, children, end }: ListCountProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5, minHeight: 40, flexWrap: 'wrap' }}>
      <Typography sx={{ color: 'text.secondary' }} aria-live="polite">
        {count !== undefined
          ? `${formatCount(count)} ${count === 1 ? noun[0] : noun[1]}`
          : failed
            ? ''
            : 'Caricamento…'}
      </Typography>
      {children}
      <Box sx={{ flexGrow: 1 }} />
      {end}
    </Box>
  );
}
