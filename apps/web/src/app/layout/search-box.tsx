import { lazy, Suspense, useState } from 'react';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { Role } from '@portal/shared/roles';
import {
  SEARCH_PLACEHOLDER,
  SearchFrame,
  searchAdornment,
  searchHtmlInput,
  searchInputSx,
} from '../../features/search/components/search-frame.tsx';

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
        <SearchFrame>
          <OutlinedInput
            size="small"
            fullWidth
            placeholder={SEARCH_PLACEHOLDER}
            value={early.text}
            onChange={(event) => setEarly({ text: event.target.value, focused: true })}
            onFocus={() => setEarly((state) => ({ ...state, focused: true }))}
            onBlur={() => setEarly((state) => ({ ...state, focused: false }))}
            inputProps={searchHtmlInput}
            startAdornment={searchAdornment}
            sx={searchInputSx}
          />
        </SearchFrame>
      }
    >
      <GlobalSearch area={role} initialText={early.text} autoFocus={early.focused} />
    </Suspense>
  );
}
