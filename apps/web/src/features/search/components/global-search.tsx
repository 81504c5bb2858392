import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import ListSubheader from '@mui/material/ListSubheader';
import TextField from '@mui/material/TextField';
import type { Role } from '@portal/shared/roles';
import { SEARCH_MIN, type SearchKind, type SearchResult } from '@portal/shared/schemas/search';
import { useSearch } from '../api/search.ts';
import { SEARCH_PLACEHOLDER, SearchFrame, searchAdornment, searchHtmlInput, searchInputSx } from './search-frame.tsx';

const kindLabels: Record<SearchKind, string> = {
  company: 'Aziende',
  pers: 'Persone',
  msg: 'Comunicazioni',
  doc: 'Documenti',
};

/**
 * Where a result leads inside the searcher's own area (the admin's screens, or the same screens of the other roles'
 * areas). undefined: nothing of that kind to open in this area.
 */
export function resultPath(area: Role, result: SearchResult): string | undefined {
  switch (result.tipo) {
    case 'company':
      return area === 'posatore' ? undefined : `/${area}/partner/${result.uuid}`;
    case 'pers':
      return area === 'posatore' ? undefined : `/${area}/posatori/${result.uuid}`;
    case 'msg':
      return `/${area}/comunicazioni/msg/${result.uuid}`;
    case 'doc':
      return area === 'admin' ? `/admin/moddoc/${result.uuid}` : `/${area}/documenti`;
  }
}

/** Waits for a pause in typing before the text is searched. */
function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The toolbar's Cerca: results appear as the person types (from 3 characters, after a short pause), grouped by
 * kind, chosen with the arrows and Enter or a click; Escape closes them.
 */
export function GlobalSearch({
  area,
  initialText = '',
  autoFocus = false,
}: {
  area: Role;
  /** What was typed in the toolbar's box before this search had loaded (app/layout/search-box.tsx). */
  initialText?: string;
  autoFocus?: boolean;
}) {
  const navigate = useNavigate();
  const [typed, setTyped] = useState(initialText);
  const [open, setOpen] = useState(initialText !== '');
  const text = useDebounced(typed.trim(), 250);
  const results = useSearch(text);
  const long = typed.trim().length >= SEARCH_MIN;
  const options = long && text.length >= SEARCH_MIN ? (results.data ?? []) : [];
  return (
    <SearchFrame>
      <Autocomplete
        id="global-search"
        options={options}
        groupBy={(option) => kindLabels[option.tipo]}
        // MUI's own group (a plain <li> holding a <ul>) breaks the listbox's ARIA structure: a listbox owns options
        // or groups, so each kind is a role="group" named by its heading, in a wrapper that has no role of its own.
        renderGroup={(params) => (
          <li key={params.key} role="presentation">
            <ListSubheader component="div" id={`global-search-group-${params.key}`}>
              {params.group}
            </ListSubheader>
            <Box
              component="ul"
              role="group"
              aria-labelledby={`global-search-group-${params.key}`}
              sx={{ p: 0, m: 0, listStyle: 'none' }}
            >
              {params.children}
            </Box>
          </li>
        )}
        getOptionLabel={(option) => option.descri}
        isOptionEqualToValue={(option, value) => option.tipo === value.tipo && option.uuid === value.uuid}
        filterOptions={(all) => all}
        value={null}
        inputValue={typed}
        onInputChange={(_event, value, reason) => {
          if (reason === 'reset') return;
          setTyped(value);
          setOpen(true);
        }}
        onChange={(_event, chosen) => {
          const path = chosen ? resultPath(area, chosen) : undefined;
          if (path) {
            setTyped('');
            navigate(path);
          }
        }}
        getOptionDisabled={(option) => resultPath(area, option) === undefined}
        loading={long && results.isFetching}
        loadingText="Ricerca in corso…"
        noOptionsText={long ? 'Nessun risultato' : `Scrivi almeno ${SEARCH_MIN} caratteri`}
        // Nothing to list before the first letter: the popup opens with typing, not on focus.
        open={open && typed.trim().length > 0}
        onOpen={() => setOpen(true)}
        onClose={() => setOpen(false)}
        blurOnSelect
        forcePopupIcon={false}
        clearOnEscape
        renderInput={(params) => (
          <TextField
            {...params}
            placeholder={SEARCH_PLACEHOLDER}
            size="small"
            autoFocus={autoFocus}
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, ...searchHtmlInput },
              input: { ...params.slotProps.input, startAdornment: searchAdornment, sx: searchInputSx },
            }}
          />
        )}
      />
    </SearchFrame>
  );
}
