import { useState, type ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import { LazyMenu } from './lazy-overlays.tsx';

export type RowAction = {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  /** Destructive actions (Elimina) are shown in red. */
  danger?: boolean;
  /** Shown but not available to this viewer (the spec's menu is there, the server would refuse). */
  disabled?: boolean;
};

/** 'Modifica': opens the record. */
export function editAction(onClick: () => void): RowAction {
  return { label: 'Modifica', icon: <EditIcon fontSize="small" />, onClick };
}

/** 'Elimina', in red: `onClick` asks for confirmation itself. */
export function deleteAction(onClick: () => void): RowAction {
  return { label: 'Elimina', icon: <DeleteIcon fontSize="small" />, danger: true, onClick };
}

/** The three-dot menu of a list row or thumbnail. */
export function RowMenu({ label, actions }: { label: string; actions: readonly RowAction[] }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => {
          // A menu inside a clickable card must not open the card too.
          event.stopPropagation();
          setAnchor(event.currentTarget);
        }}
      >
        <MoreVertIcon />
      </IconButton>
      <LazyMenu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {actions.map((action) => (
          <MenuItem
            key={action.label}
            disabled={action.disabled}
            onClick={() => {
              setAnchor(null);
              action.onClick();
            }}
            sx={action.danger ? { color: 'error.main', '& .MuiListItemIcon-root': { color: 'error.main' } } : undefined}
          >
            <ListItemIcon>{action.icon}</ListItemIcon>
            <ListItemText>{action.label}</ListItemText>
          </MenuItem>
        ))}
      </LazyMenu>
    </>
  );
}
