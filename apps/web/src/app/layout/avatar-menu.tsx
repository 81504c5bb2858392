import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/PersonOutlined';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import type { Role } from '@portal/shared/roles';
import type { Avatar } from '@portal/shared/schemas/me';
import { useLogout } from '../../features/auth/api/delete-session.ts';
import { initials } from '../../lib/formatters.ts';
import { PersonAvatar } from '../../components/person-avatar.tsx';
import { LazyMenu } from '../../components/lazy-overlays.tsx';

function UserAvatar({ avatar, size }: { avatar: Avatar | undefined; size: number }) {
  return <PersonAvatar src={avatar?.img} name={avatar?.name ?? ''} size={size} />;
}

/**
 * The avatar (image or initials) opening a menu headed by the user's name, with PROFILO, the admin's REPORT PDF
 * and LOGOUT.
 * The name sits in the menu rather than the toolbar: it fits a phone, and the home's profile card
 * stays the one place on the page that shows it.
 */
export function AvatarMenu({ role, avatar }: { role: Role; avatar: Avatar | undefined }) {
  const navigate = useNavigate();
  const logout = useLogout();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);

  return (
    <>
      <IconButton
        id="user-menu-button"
        // The initials shown instead of a picture are part of the name (WCAG 2.5.3, label in name).
        aria-label={avatar?.img ? 'Menu utente' : `Menu utente ${initials(avatar?.name ?? '')}`.trim()}
        title={avatar?.name}
        aria-haspopup="menu"
        aria-controls={anchor ? 'user-menu' : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ p: 0.5, flexShrink: 0 }}
      >
        <UserAvatar avatar={avatar} size={36} />
      </IconButton>
      <LazyMenu
        id="user-menu"
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-labelledby': 'user-menu-button' }, paper: { sx: { minWidth: 220 } } }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 1 }}>
          <UserAvatar avatar={avatar} size={40} />
          <Typography sx={{ fontWeight: 500, maxWidth: 220 }} noWrap>
            {avatar?.name}
          </Typography>
        </Box>
        <Divider />
        <MenuItem component={RouterLink} to={`/${role}/profilo`} onClick={close}>
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          PROFILO
        </MenuItem>
        {/* The spec's admin menu has no entry for /admin/report: the admin reaches the PDF reports from here. */}
        {role === 'admin' && (
          <MenuItem component={RouterLink} to="/admin/report" onClick={close}>
            <ListItemIcon>
              <PictureAsPdfIcon fontSize="small" />
            </ListItemIcon>
            REPORT PDF
          </MenuItem>
        )}
        <MenuItem
          disabled={logout.isPending}
          onClick={() => {
            close();
            logout.mutate(undefined, { onSettled: () => navigate('/', { replace: true }) });
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          LOGOUT
        </MenuItem>
      </LazyMenu>
    </>
  );
}
