import BusinessIcon from '@mui/icons-material/BusinessOutlined';
import DescriptionIcon from '@mui/icons-material/DescriptionOutlined';
import EngineeringIcon from '@mui/icons-material/EngineeringOutlined';
import HomeIcon from '@mui/icons-material/HomeOutlined';
import MailIcon from '@mui/icons-material/MailOutlined';
import StorefrontIcon from '@mui/icons-material/StorefrontOutlined';
import type { MenuEntry } from '../../layout/menu-entry.ts';

/** Area manager menu (labels as the spec writes them). */
export const capoareaMenu: readonly MenuEntry[] = [
  { label: 'Home', path: '/capoarea', icon: HomeIcon, exact: true },
  { label: 'posatori', path: '/capoarea/posatori', icon: EngineeringIcon },
  { label: 'rivenditori', path: '/capoarea/rivenditori', icon: StorefrontIcon, alsoSelects: ['/capoarea/rivenditore'] },
  { label: 'partner', path: '/capoarea/partner', icon: BusinessIcon, alsoSelects: ['/capoarea/newpartner'] },
  { label: 'documenti', path: '/capoarea/documenti', icon: DescriptionIcon },
  { label: 'comunicazioni', path: '/capoarea/comunicazioni', icon: MailIcon },
];
