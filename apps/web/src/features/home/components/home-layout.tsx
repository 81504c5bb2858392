import type { ReactNode } from 'react';
import Grid from '@mui/material/Grid';
import { failedToLoad, LoadError } from '../../../components/load-error.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { DayStrip } from './day-strip.tsx';

/**
 * The area manager's and the reseller's home: the title, why the figures did not load if they did not, the
 * counters and the list (children, as grid items), and the day strip beside the list.
 */
export function HomeLayout({
  home,
  children,
}: {
  home: { isError: boolean; data: unknown; error: unknown };
  children: ReactNode;
}) {
  return (
    <>
      <PageTitle title="Home" />
      {failedToLoad(home) && <LoadError error={home.error} sx={{ mb: 2 }} />}
      <Grid container spacing={2}>
        {children}
        <Grid size={{ xs: 12, lg: 5 }}>
          <DayStrip />
        </Grid>
      </Grid>
    </>
  );
}
