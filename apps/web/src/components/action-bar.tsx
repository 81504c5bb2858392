import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import MoreHorizIcon from '@mui/icons-material/MoreHoriz';
import { LazyMenu } from './lazy-overlays.tsx';

/** primary: the screen's main command (AGGIUNGI …), filled, and kept in view on a phone. */
export type BarCommand = { label: string; icon: ReactNode; onClick: () => void; primary?: boolean };
/** A button, or a button opening a menu of related commands (the exports). */
export type BarAction = BarCommand | { label: string; icon: ReactNode; items: readonly BarCommand[] };

function MenuButton({ label, icon, items }: { label: string; icon: ReactNode; items: readonly BarCommand[] }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        variant="outlined"
        size="small"
        startIcon={icon}
        endIcon={<ArrowDropDownIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {label}
      </Button>
      <CommandMenu anchor={anchor} onClose={() => setAnchor(null)} groups={[{ label: null, items }]} />
    </>
  );
}

type Group = { label: string | null; items: readonly BarCommand[] };

function CommandMenu({
  anchor,
  onClose,
  groups,
}: {
  anchor: HTMLElement | null;
  onClose: () => void;
  groups: Group[];
}) {
  return (
    <LazyMenu anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {groups.flatMap((group) => [
        ...(group.label ? [<ListSubheader key={`h-${group.label}`}>{group.label}</ListSubheader>] : []),
        ...group.items.map((item) => (
          <MenuItem
            key={item.label}
            onClick={() => {
              onClose();
              item.onClick();
            }}
          >
            <ListItemIcon>{item.icon}</ListItemIcon>
            <ListItemText>{item.label}</ListItemText>
          </MenuItem>
        )),
      ])}
    </LazyMenu>
  );
}

/**
 * The buttons of a list toolbar (import, exports, ...). On a phone they fold into one 'Azioni' menu so the list
 * keeps the width; the primary command stays a button of its own.
 */
export function ActionBar({ actions }: { actions: readonly BarAction[] }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (actions.length === 0) return null;

  const isPrimary = (a: BarAction): a is BarCommand => !('items' in a) && a.primary === true;
  const primary = (size: 'small' | 'medium') =>
    actions.filter(isPrimary).map((action) => (
      <Button key={action.label} variant="contained" size={size} startIcon={action.icon} onClick={action.onClick}>
        {action.label}
      </Button>
    ));
  const others = actions.filter((a) => !isPrimary(a));

  if (phone) {
    // Single commands first, then each sub-menu as a titled group.
    const groups: Group[] = [
      { label: null, items: others.filter((a): a is BarCommand => !('items' in a)) },
      ...others.flatMap((a) => ('items' in a ? [{ label: a.label, items: a.items }] : [])),
    ];
    return (
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {others.length > 0 && (
          <>
            <Button
              variant="outlined"
              startIcon={<MoreHorizIcon />}
              aria-haspopup="menu"
              aria-expanded={anchor ? 'true' : undefined}
              onClick={(event) => setAnchor(event.currentTarget)}
            >
              Azioni
            </Button>
            <CommandMenu anchor={anchor} onClose={() => setAnchor(null)} groups={groups} />
          </>
        )}
        {primary('medium')}
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {others.map((action) =>
        'items' in action ? (
          <MenuButton key={action.label} label={action.label} icon={action.icon} items={action.items} />
        ) : (
          <Button key={action.label} variant="outlined" size="small" startIcon={action.icon} onClick={action.onClick}>
            {action.label}
          </Button>
        ),
      )}
      {primary('small')}
    </Box>
  );
}
