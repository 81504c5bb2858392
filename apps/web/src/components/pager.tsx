import { Navigate, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';

/** Spec section 9: the first and last page, 3 neighbours on each side of the current one, ellipses between. */
const NEIGHBOURS = 3;

type PagerProps = {
  page: number;
  pages: number;
  onChange: (page: number) => void;
  /** Names the navigation for screen readers, e.g. 'Pagine dei posatori'. */
  label?: string;
};

/** The pager of every paged list; with one page or none there is nothing to choose, so nothing is shown. */
export function Pager({ page, pages, onChange, label = 'Pagine' }: PagerProps) {
  const theme = useTheme();
  // On a phone the 11 page buttons of the spec fit one line only when small and without the arrows.
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  if (pages <= 1) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
      {/* Pagination is itself the <nav>, named by aria-label. */}
      <Pagination
        aria-label={label}
        count={pages}
        page={Math.min(Math.max(page, 1), pages)}
        siblingCount={NEIGHBOURS}
        boundaryCount={1}
        size={phone ? 'small' : 'medium'}
        hidePrevButton={phone}
        hideNextButton={phone}
        color="primary"
        onChange={(_event, next) => onChange(next)}
      />
    </Box>
  );
}

/** The page a list should be on: beyond the count it is the last page; with one page or none it is 1 (spec section 4). */
export function correctedPage(page: number, pages: number): number {
  if (pages <= 1) return 1;
  return Math.min(Math.max(page, 1), pages);
}

/**
 * Puts the corrected page into the URL when the one there is out of range (a stale link, the last row of the last
 * page deleted), so the pager, the Back button and a reload agree with the rows on screen.
 */
export function PageCorrection({ page, pages }: { page: number; pages: number }) {
  const [params] = useSearchParams();
  const target = correctedPage(page, pages);
  if (target === page) return null;
  const next = new URLSearchParams(params);
  if (target > 1) next.set('page', String(target));
  else next.delete('page');
  return <Navigate to={{ search: next.toString() }} replace />;
}
