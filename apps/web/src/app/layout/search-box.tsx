import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import OutlinedInput from '@mui/material/OutlinedInput';
import SearchIcon from '@mui/icons-material/Search';
import type { Role } from '@portal/shared/roles';

// The live search is MUI's Autocomplete with Popper and TextField: it loads beside the page, and the toolbar shows
// the same box meanwhile (docs/decisions/0008-front-end-weight.md).
const GlobalSearch = lazy(async () => ({
  default: (await import('../../features/search/components/global-search.tsx')).GlobalSearch,
}));

/** The toolbar search (placeholder Cerca): /api/ricerca from 3 characters, results inside the area. */
export function SearchBox({ role }: { role: Role }) {
  // What somebody typed before the search arrived, and whether they were in the box: handed over, not lost.
  const [early, setEarly] = useState({ text: '', focused: false });
  return (
    <Suspense
      fallback={
        <Box role="search" sx={{ flex: 1, minWidth: 0, maxWidth: 420 }}>
          <OutlinedInput
            size="small"
            fullWidth
            placeholder="Cerca"
            value={early.text}
            onChange={(event) => setEarly({ text: event.target.value, focused: true })}
            onFocus={() => setEarly((state) => ({ ...state, focused: true }))}
            onBlur={() => setEarly((state) => ({ ...state, focused: false }))}
            inputProps={{ 'aria-label': 'Cerca', maxLength: 100 }}
            startAdornment={
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            }
            sx={{ minHeight: 40, backgroundColor: 'action.hover' }}
          />
        </Box>
      }
    >
      <GlobalSearch area={role} initialText={early.text} autoFocus={early.focused} />
    </Suspense>
  );
}
