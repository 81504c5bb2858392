import DescriptionIcon from '@mui/icons-material/DescriptionOutlined';
import EngineeringIcon from '@mui/icons-material/EngineeringOutlined';
import HomeIcon from '@mui/icons-material/HomeOutlined';
import MailIcon from '@mui/icons-material/MailOutlined';
import type { MenuEntry } from '../../layout/menu-entry.ts';

/** Reseller menu (labels as the spec writes them). */
export const rivenditoriMenu: readonly MenuEntry[] = [
  { label: 'Home', path: '/rivenditori', icon: HomeIcon, exact: true },
  { label: 'posatori', path: '/rivenditori/posatori', icon: EngineeringIcon },
  { label: 'documenti', path: '/rivenditori/documenti', icon: DescriptionIcon },
  { label: 'comunicazioni', path: '/rivenditori/comunicazioni', icon: MailIcon },
];
