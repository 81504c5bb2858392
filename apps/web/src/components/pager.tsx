import { Navigate, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import PaginationItem from '@mui/material/PaginationItem';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { pagerItems } from '../lib/pager-items.ts';

type PagerProps = {
  page: number;
  pages: number;
  onChange: (page: number) => void;
  /** Names the navigation for screen readers, e.g. 'Pagine dei posatori'. */
  label?: string;
};

/**
 * The pager of every paged list: the first and last page, 3 neighbours each side of the current one, ellipses
 * between (lib/pager-items.ts); with one page or none there is nothing to choose, so nothing is shown.
 */
export function Pager({ page, pages, onChange, label = 'Pagine' }: PagerProps) {
  const theme = useTheme();
  // On a phone the pager's 11 items fit one line only when small and without the arrows.
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  if (pages <= 1) return null;
  const current = Math.min(Math.max(page, 1), pages);
  const size = phone ? 'small' : 'medium';
  const items = pagerItems(current, pages);
  return (
    <Box component="nav" aria-label={label} sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
      <Box
        component="ul"
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5, listStyle: 'none', m: 0, p: 0 }}
      >
        {!phone && (
          <li>
            <PaginationItem
              type="previous"
              size={size}
              disabled={current === 1}
              aria-label="Vai alla pagina precedente"
              onClick={() => onChange(current - 1)}
            />
          </li>
        )}
        {items.map((item) => (
          <li key={item}>
            {typeof item === 'number' ? (
              <PaginationItem
                type="page"
                page={item}
                size={size}
                color="primary"
                selected={item === current}
                aria-current={item === current ? 'page' : undefined}
                aria-label={item === current ? `pagina ${item}` : `Vai alla pagina ${item}`}
                onClick={() => onChange(item)}
              />
            ) : (
              <PaginationItem type={item} size={size} />
            )}
          </li>
        ))}
        {!phone && (
          <li>
            <PaginationItem
              type="next"
              size={size}
              disabled={current === pages}
              aria-label="Vai alla pagina successiva"
              onClick={() => onChange(current + 1)}
            />
          </li>
        )}
      </Box>
    </Box>
  );
}

/** The page a list should be on: beyond the count it is the last page; with one page or none it is 1. */
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
