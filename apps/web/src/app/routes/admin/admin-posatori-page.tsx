import { useNavigate } from 'react-router';
import CampaignIcon from '@mui/icons-material/CampaignOutlined';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import MailIcon from '@mui/icons-material/MailOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import type { BarAction } from '../../../components/action-bar.tsx';
import { useInPreparazione } from '../../../components/in-preparazione-dialog.tsx';
import { PosatoriListScreen } from '../../../features/posatori/components/posatori-list-screen.tsx';

/**
 * /admin/posatori : the installer registry. The toolbar has its final buttons; those whose feature comes with a
 * later release (exports, mass activation) say 'In preparazione', import and communication open their screens.
 */
export function AdminPosatoriPage() {
  const navigate = useNavigate();
  const { showInPreparazione, dialog } = useInPreparazione();
  const actions: BarAction[] = [
    { label: 'Importa', icon: <UploadFileIcon />, onClick: () => navigate('/admin/importazione') },
    {
      label: 'Esporta',
      icon: <DownloadIcon />,
      items: [
        { label: 'Anagrafica', icon: <DownloadIcon />, onClick: () => showInPreparazione('Esporta anagrafica') },
        { label: 'Log coupon', icon: <DownloadIcon />, onClick: () => showInPreparazione('Esporta log coupon') },
        { label: 'Coupon', icon: <DownloadIcon />, onClick: () => showInPreparazione('Esporta coupon') },
      ],
    },
    { label: 'Invia comunicazione', icon: <MailIcon />, onClick: () => navigate('/admin/newcomm') },
    // The confirmation 'Confermi Invio massivo?' comes with the sending itself (POST /api/sendmassive).
    {
      label: 'Invio massivo attivazioni',
      icon: <CampaignIcon />,
      onClick: () => showInPreparazione('Invio massivo attivazioni'),
    },
  ];
  return (
    <PosatoriListScreen area="admin" actions={actions}>
      {dialog}
    </PosatoriListScreen>
  );
}
