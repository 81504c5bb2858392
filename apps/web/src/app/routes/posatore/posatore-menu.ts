import AccountCircleIcon from '@mui/icons-material/AccountCircleOutlined';
import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import DescriptionIcon from '@mui/icons-material/DescriptionOutlined';
import HomeIcon from '@mui/icons-material/HomeOutlined';
import MailIcon from '@mui/icons-material/MailOutlined';
import type { MenuEntry } from '../../layout/menu-entry.ts';

/**
 * Installer menu: only Home and the profile unless the avatar stato is OK;
 * 'Coupons' opens in a new window when the installer has coupons.
 */
export const posatoreMenu: readonly MenuEntry[] = [
  { label: 'Home', path: '/posatore', icon: HomeIcon, exact: true },
  { label: 'Il mio profilo', path: '/posatore/profilo', icon: AccountCircleIcon },
  { label: 'Documenti', path: '/posatore/documenti', icon: DescriptionIcon, showWhen: 'statoOk' },
  { label: 'Comunicazioni', path: '/posatore/comunicazioni', icon: MailIcon, showWhen: 'statoOk' },
  {
    label: 'Coupons',
    path: '/posatore/coupons',
    icon: ConfirmationNumberIcon,
    newWindow: true,
    showWhen: 'hasCoupons',
  },
];
