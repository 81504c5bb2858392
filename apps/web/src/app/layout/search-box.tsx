import { useRef, useState } from 'react';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { Role } from '@portal/shared/roles';
import type { GlobalSearch as GlobalSearchComponent } from '../../features/search/components/global-search.tsx';
import {
  SEARCH_PLACEHOLDER,
  SearchFrame,
  searchAdornment,
  searchHtmlInput,
  searchInputSx,
} from '../../features/search/components/search-frame.tsx';

/** The box is the search to come: the same role for a screen reader before and after its code arrives. */
const placeholderInput = {
  ...searchHtmlInput,
  role: 'combobox',
  'aria-expanded': false,
  'aria-autocomplete': 'list',
} as const;

/**
 * The toolbar search (placeholder Cerca): /api/ricerca from 3 characters, results inside the area.
 *
 * The live search is MUI's Autocomplete with Popper and TextField (TextField brings Select, Menu and Modal): about
 * 26 kB of script and its evaluation, which no screen needs to paint. So the toolbar shows the same box, and the
 * search's code is fetched when somebody points at the box, focuses it or types into it; what they typed and the
 * focus are handed over (docs/decisions/0008-front-end-weight.md).
 */
export function SearchBox({ role }: { role: Role }) {
  const [early, setEarly] = useState({ text: '', focused: false });
  const [Search, setSearch] = useState<typeof GlobalSearchComponent | null>(null);
  const asked = useRef(false);
  const load = () => {
    if (asked.current) return;
    asked.current = true;
    import('../../features/search/components/global-search.tsx').then(
      ({ GlobalSearch }) => setSearch(() => GlobalSearch),
      // Offline, or a deploy replaced the chunk: the box stays, and the next gesture asks again.
      () => {
        asked.current = false;
      },
    );
  };
  if (Search) return <Search area={role} initialText={early.text} autoFocus={early.focused} />;
  return (
    <SearchFrame>
      <OutlinedInput
        size="small"
        fullWidth
        placeholder={SEARCH_PLACEHOLDER}
        value={early.text}
        onPointerEnter={load}
        onChange={(event) => {
          setEarly({ text: event.target.value, focused: true });
          load();
        }}
        onFocus={() => {
          setEarly((state) => ({ ...state, focused: true }));
          load();
        }}
        onBlur={() => setEarly((state) => ({ ...state, focused: false }))}
        inputProps={placeholderInput}
        startAdornment={searchAdornment}
        sx={searchInputSx}
      />
    </SearchFrame>
  );
}
