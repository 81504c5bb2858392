import { useId, useState, type ReactNode } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import FilterAltOffIcon from '@mui/icons-material/FilterAltOffOutlined';
import FilterListIcon from '@mui/icons-material/FilterList';

type FilterBarProps = {
  title: string;
  /** How many filters are set: shown on the phone toggle, and enables 'Azzera filtri'. */
  activeCount: number;
  onClear: () => void;
  children: ReactNode;
};

/**
 * The filter block of a list: the fields in a grid that reflows with the width. On a phone it folds behind a
 * 'Filtri' button (with the count of filters in use) so the rows stay in view.
 */
export function FilterBar({ title, activeCount, onClear, children }: FilterBarProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [open, setOpen] = useState(false);
  const id = useId();

  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 1.5, md: 2 }, mb: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 40 }}>
        {phone ? (
          <Button
            onClick={() => setOpen((value) => !value)}
            aria-expanded={open}
            aria-controls={id}
            startIcon={
              <Badge badgeContent={activeCount} color="secondary">
                <FilterListIcon />
              </Badge>
            }
          >
            {title}
          </Button>
        ) : (
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 500 }}>
            {title}
          </Typography>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Button size="small" onClick={onClear} disabled={activeCount === 0} startIcon={<FilterAltOffIcon />}>
          Azzera filtri
        </Button>
      </Box>
      {/* Folded on a phone, the fields are not even mounted: the month picker then loads only when they open. */}
      <Collapse in={!phone || open} unmountOnExit>
        <Box
          id={id}
          sx={{
            display: 'grid',
            gap: 1.5,
            pt: 1.5,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
          }}
        >
          {children}
        </Box>
      </Collapse>
    </Paper>
  );
}
