import { useRef, useState } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import SearchIcon from '@mui/icons-material/Search';
import { TextInput } from './text-input.tsx';

/** Long enough to type a word, short enough to feel live. */
const DEBOUNCE_MS = 350;

type TextFilterProps = {
  /** The committed value (from the URL). */
  value: string;
  onChange: (value: string) => void;
  label: string;
  id: string;
  maxLength?: number;
};

/**
 * A text filter that filters while typing, committing after a short pause (or at once on Enter) so that each
 * keystroke does not become a request and a history entry.
 */
export function TextFilter({ value, onChange, label, id, maxLength = 100 }: TextFilterProps) {
  const [draft, setDraft] = useState(value);
  // The value this field last committed; a different value arriving from outside (clear filters) replaces the draft.
  const [sent, setSent] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  if (value !== sent) {
    setSent(value);
    setDraft(value);
  }

  const commit = (next: string) => {
    clearTimeout(timer.current);
    const trimmed = next.trim();
    if (trimmed === value) return;
    setSent(trimmed);
    onChange(trimmed);
  };

  return (
    <TextInput
      id={id}
      label={label}
      value={draft}
      size="small"
      fullWidth
      autoComplete="off"
      onChange={(next) => {
        setDraft(next);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => commit(next), DEBOUNCE_MS);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit(draft);
      }}
      onBlur={() => commit(draft)}
      slotProps={{ htmlInput: { maxLength, type: 'search' } }}
      endAdornment={
        <InputAdornment position="end">
          <SearchIcon fontSize="small" sx={{ color: 'text.secondary' }} />
        </InputAdornment>
      }
    />
  );
}
