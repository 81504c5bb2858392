import { useState } from 'react';
import { Outlet } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import type { Role } from '@portal/shared/roles';
import { useSessionRenewal } from '../../features/auth/api/renew-session.ts';
import { useAvatar } from '../../features/avatar/api/get-avatar.ts';
import { useLiveUpdates } from '../../features/events/api/live-updates.ts';
import { LazyDrawer } from '../../components/lazy-overlays.tsx';
import { AvatarMenu } from './avatar-menu.tsx';
import { visibleEntries, type MenuEntry } from './menu-entry.ts';
import { PendingIndicator } from './pending-indicator.tsx';
import { SearchBox } from './search-box.tsx';
import { SideMenu } from './side-menu.tsx';
import { UnreadBell } from './unread-bell.tsx';

const DRAWER_WIDTH = 264;

/**
 * The frame of every role area: a permanent side menu from the md breakpoint up, a temporary drawer
 * behind the hamburger on phones, and the toolbar (search, spinner, unread bell, avatar menu).
 */
export function AppShell({ role, menu }: { role: Role; menu: readonly MenuEntry[] }) {
  const theme = useTheme();
  // noSsr: decide on the first render, so phones never flash the permanent drawer.
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const avatar = useAvatar();
  useSessionRenewal();

  const sideMenu = (
    <SideMenu
      entries={visibleEntries(menu, avatar.data)}
      homePath={`/${role}`}
      onNavigate={() => setDrawerOpen(false)}
    />
  );
  const drawerWidth = desktop ? DRAWER_WIDTH : 0;
  // An installer whose profile is not in order has home and profile only: the search (messages, documents) and
  // the bell (the inbox) are not theirs until it is.
  const homeAndProfileOnly = role === 'posatore' && avatar.data?.stato !== 'OK';
  // The bell, the inbox and the coupons follow changes live (GET /api/events) wherever the bell is shown.
  useLiveUpdates(avatar.isSuccess && !homeAndProfileOnly);

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      <AppBar
        position="fixed"
        color="inherit"
        sx={{
          width: `calc(100% - ${drawerWidth}px)`,
          ml: `${drawerWidth}px`,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Toolbar sx={{ gap: { xs: 0.5, sm: 1 }, px: { xs: 1, sm: 2 } }}>
          {!desktop && (
            <IconButton aria-label="Apri menu" onClick={() => setDrawerOpen(true)} edge="start">
              <MenuIcon />
            </IconButton>
          )}
          {homeAndProfileOnly ? <Box sx={{ flexGrow: 1 }} /> : <SearchBox role={role} />}
          {/* On phones the search box takes the free width itself. */}
          <Box sx={{ flexGrow: 1, display: { xs: 'none', md: 'block' } }} />
          <PendingIndicator />
          {!homeAndProfileOnly && <UnreadBell role={role} count={avatar.data?.msgcount ?? 0} />}
          <AvatarMenu role={role} avatar={avatar.data} />
        </Toolbar>
      </AppBar>

      {desktop ? (
        // What MUI's permanent drawer draws (a fixed paper beside the page, the page's room kept free), without
        // its Modal, which only the phone's drawer needs.
        <Box sx={{ width: DRAWER_WIDTH, flexShrink: 0 }}>
          <Paper
            square
            elevation={0}
            sx={{
              position: 'fixed',
              top: 0,
              left: 0,
              zIndex: 'drawer',
              width: DRAWER_WIDTH,
              height: '100%',
              overflowY: 'auto',
              borderRight: 1,
              borderColor: 'divider',
            }}
          >
            {sideMenu}
          </Paper>
        </Box>
      ) : (
        <LazyDrawer
          variant="temporary"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          keepMounted
          // Open, it is a modal dialog (it takes the focus and keeps it until closed): said so to screen readers.
          slotProps={{ paper: { role: 'dialog', 'aria-modal': true, 'aria-label': 'Menu' } }}
          sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH, maxWidth: '85vw', boxSizing: 'border-box' } }}
        >
          {sideMenu}
        </LazyDrawer>
      )}

      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, md: 3 } }}>
        <Toolbar />
        <Outlet />
      </Box>
    </Box>
  );
}
