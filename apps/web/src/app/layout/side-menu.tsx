import { Link as RouterLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { brand } from '../brand.ts';
import { isSelected, type MenuEntry } from './menu-entry.ts';

type SideMenuProps = {
  entries: readonly MenuEntry[];
  homePath: string;
  /** Called after a click, so the phone drawer closes. */
  onNavigate?: () => void;
};

/** The logo and the area's items; the current one is highlighted in the brand red. */
export function SideMenu({ entries, homePath, onNavigate }: SideMenuProps) {
  const { pathname } = useLocation();
  // The logo and the menu together are the sidebar: a landmark, so nothing on the page sits outside one.
  return (
    <Box component="aside" aria-label="Barra laterale" sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}>
      <Toolbar
        component={RouterLink}
        to={homePath}
        onClick={onNavigate}
        aria-label="Portale Posatori"
        sx={{ gap: 1.5, color: brand.slate, textDecoration: 'none' }}
      >
        <img src="/logo.svg" alt="" width={40} height={40} />
        <Typography variant="h6" component="span" noWrap sx={{ fontWeight: 500 }}>
          Portale Posatori
        </Typography>
      </Toolbar>
      <Divider />
      <Box component="nav" aria-label="Menu principale" sx={{ overflowY: 'auto' }}>
        <List>
          {entries.map((entry) => {
            const selected = isSelected(entry, pathname);
            const Icon = entry.icon;
            return (
              <ListItem key={entry.path} disablePadding>
                <ListItemButton
                  component={RouterLink}
                  to={entry.path}
                  selected={selected}
                  aria-current={selected ? 'page' : undefined}
                  {...(entry.newWindow
                    ? { target: '_blank', rel: 'noopener', title: 'Si apre in una nuova finestra' }
                    : {})}
                  onClick={onNavigate}
                  sx={{
                    mx: 1,
                    borderRadius: 1,
                    '&.Mui-selected, &.Mui-selected:hover': {
                      backgroundColor: alpha(brand.red, 0.08),
                      color: brand.red,
                      '& .MuiListItemIcon-root': { color: brand.red },
                    },
                  }}
                >
                  <ListItemIcon sx={{ minWidth: 40 }}>
                    <Icon />
                  </ListItemIcon>
                  <ListItemText
                    primary={entry.label}
                    slotProps={{ primary: { sx: { fontWeight: selected ? 500 : 400 } } }}
                  />
                  {/* Decorative: the link's title says it, and its name stays just the label. */}
                  {entry.newWindow && <OpenInNewIcon fontSize="small" aria-hidden sx={{ ml: 1 }} />}
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      </Box>
    </Box>
  );
}
