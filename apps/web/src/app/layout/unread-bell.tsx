import { Link as RouterLink } from 'react-router';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import type { Role } from '@portal/shared/roles';

const MAX = 99;

/**
 * The unread-message bell: the count from /api/avatar, leading to the area's inbox (Entrata), where the messages it
 * counts are; the communications of those who write open on Uscita otherwise.
 */
export function UnreadBell({ role, count }: { role: Role; count: number }) {
  // The name holds the number the badge shows, so a voice user can say what they see.
  const shown = count > MAX ? `${MAX}+` : String(count);
  return (
    <IconButton
      component={RouterLink}
      to={`/${role}/comunicazioni?folder=recv`}
      aria-label={count > 0 ? `Messaggi non letti: ${shown}` : 'Messaggi non letti: nessuno'}
      title={count > 0 ? `${count} messaggi non letti` : 'Nessun messaggio non letto'}
    >
      {/* No badge at all for none: a hidden badge still holds its '0', text the name does not say (WCAG 2.5.3). */}
      {count > 0 ? (
        <Badge badgeContent={count} color="secondary" max={MAX}>
          <NotificationsIcon />
        </Badge>
      ) : (
        <NotificationsIcon />
      )}
    </IconButton>
  );
}
