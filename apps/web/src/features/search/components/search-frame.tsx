import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import SearchIcon from '@mui/icons-material/Search';

/*
 * The toolbar search's place and look, shared by the search itself (global-search.tsx) and the box the toolbar shows
 * while it loads (app/layout/search-box.tsx), so the two cannot drift apart.
 */

/** Its room in the toolbar: the free width, at most 420 px. */
export function SearchFrame({ children }: { children: ReactNode }) {
  return (
    <Box role="search" sx={{ flex: 1, minWidth: 0, maxWidth: 420 }}>
      {children}
    </Box>
  );
}

export const SEARCH_PLACEHOLDER = 'Cerca';
/** The input's own attributes: its name for screen readers and the longest text the API takes. */
export const searchHtmlInput = { 'aria-label': SEARCH_PLACEHOLDER, maxLength: 100 };
export const searchInputSx = { minHeight: 40, backgroundColor: 'action.hover' };
export const searchAdornment = (
  <InputAdornment position="start">
    <SearchIcon />
  </InputAdornment>
);
