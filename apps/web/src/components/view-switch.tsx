import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import GridViewIcon from '@mui/icons-material/GridView';
import ViewListIcon from '@mui/icons-material/ViewList';

export type ListView = 'list' | 'thumbs';

/** The list / thumbnail switch of the registries. */
export function ViewSwitch({ value, onChange }: { value: ListView; onChange: (view: ListView) => void }) {
  return (
    <ToggleButtonGroup
      value={value}
      exclusive
      size="small"
      aria-label="Vista"
      onChange={(_event, next: ListView | null) => next && onChange(next)}
    >
      <Tooltip title="Elenco">
        <ToggleButton value="list" aria-label="Elenco" sx={{ px: 1.25 }}>
          <ViewListIcon />
        </ToggleButton>
      </Tooltip>
      <Tooltip title="Miniature">
        <ToggleButton value="thumbs" aria-label="Miniature" sx={{ px: 1.25 }}>
          <GridViewIcon />
        </ToggleButton>
      </Tooltip>
    </ToggleButtonGroup>
  );
}

/** The view in the URL: anything but 'thumbs' is the table. */
export function listViewOf(value: string): ListView {
  return value === 'thumbs' ? 'thumbs' : 'list';
}
