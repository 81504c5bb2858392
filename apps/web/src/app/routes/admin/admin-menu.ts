import BusinessIcon from '@mui/icons-material/BusinessOutlined';
import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import DescriptionIcon from '@mui/icons-material/DescriptionOutlined';
import EngineeringIcon from '@mui/icons-material/EngineeringOutlined';
import HistoryIcon from '@mui/icons-material/HistoryOutlined';
import HomeIcon from '@mui/icons-material/HomeOutlined';
import MailIcon from '@mui/icons-material/MailOutlined';
import StorefrontIcon from '@mui/icons-material/StorefrontOutlined';
import SupervisorAccountIcon from '@mui/icons-material/SupervisorAccountOutlined';
import type { MenuEntry } from '../../layout/menu-entry.ts';

/** Admin area menu. */
export const adminMenu: readonly MenuEntry[] = [
  { label: 'Home', path: '/admin', icon: HomeIcon, exact: true },
  {
    label: 'Anagrafica posatori',
    path: '/admin/posatori',
    icon: EngineeringIcon,
    alsoSelects: ['/admin/impposatori', '/admin/importazione'],
  },
  { label: 'Aziende partner', path: '/admin/partner', icon: BusinessIcon, alsoSelects: ['/admin/newpartner'] },
  { label: 'Capo Area', path: '/admin/capoarea', icon: SupervisorAccountIcon, alsoSelects: ['/admin/newcapoarea'] },
  {
    label: 'Rivenditori',
    path: '/admin/rivenditori',
    icon: StorefrontIcon,
    alsoSelects: ['/admin/rivenditore', '/admin/newrivenditori'],
  },
  { label: 'Documenti', path: '/admin/documenti', icon: DescriptionIcon, alsoSelects: ['/admin/moddoc'] },
  { label: 'Comunicazioni', path: '/admin/comunicazioni', icon: MailIcon, alsoSelects: ['/admin/newcomm'] },
  {
    label: 'Tipi coupon',
    path: '/admin/tcoupons',
    icon: ConfirmationNumberIcon,
    alsoSelects: ['/admin/newtcoupon', '/admin/edittcoupon'],
  },
  { label: 'Attività', path: '/admin/attivita', icon: HistoryIcon },
];
