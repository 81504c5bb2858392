import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import MoreHorizIcon from '@mui/icons-material/MoreHoriz';

export type BarCommand = { label: string; icon: ReactNode; onClick: () => void };
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
    <Menu anchorEl={anchor} open={anchor !== null} onClose={onClose}>
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
    </Menu>
  );
}

/**
 * The buttons of a list toolbar (import, exports, ...). On a phone they fold into one 'Azioni' menu so the list
 * keeps the width.
 */
export function ActionBar({ actions }: { actions: readonly BarAction[] }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (actions.length === 0) return null;

  if (phone) {
    // Single commands first, then each sub-menu as a titled group.
    const groups: Group[] = [
      { label: null, items: actions.filter((a): a is BarCommand => !('items' in a)) },
      ...actions.flatMap((a) => ('items' in a ? [{ label: a.label, items: a.items }] : [])),
    ];
    return (
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
    );
  }
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {actions.map((action) =>
        'items' in action ? (
          <MenuButton key={action.label} label={action.label} icon={action.icon} items={action.items} />
        ) : (
          <Button key={action.label} variant="outlined" size="small" startIcon={action.icon} onClick={action.onClick}>
            {action.label}
          </Button>
        ),
      )}
    </Box>
  );
}
