import { Link as RouterLink } from 'react-router';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import type { Role } from '@portal/shared/roles';

/** The unread-message bell: the count from /api/avatar, leading to the area's communications. */
export function UnreadBell({ role, count }: { role: Role; count: number }) {
  return (
    <IconButton
      component={RouterLink}
      to={`/${role}/comunicazioni`}
      aria-label="Messaggi non letti"
      title={count > 0 ? `${count} messaggi non letti` : 'Nessun messaggio non letto'}
    >
      <Badge badgeContent={count} color="secondary" max={99}>
        <NotificationsIcon />
      </Badge>
    </IconButton>
  );
}
