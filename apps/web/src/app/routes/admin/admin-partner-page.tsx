import { useNavigate } from 'react-router';
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import MailIcon from '@mui/icons-material/MailOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import type { BarAction } from '../../../components/action-bar.tsx';
import { useInPreparazione } from '../../../components/in-preparazione-dialog.tsx';
import { PartnersListScreen } from '../../../features/partners/components/partners-list-screen.tsx';

/**
 * /admin/partner : the partner companies. The export of the registry file comes with the exports and says
 * 'In preparazione'; import and communication open their screens; AGGIUNGI PARTNER the create form.
 */
export function AdminPartnerPage() {
  const navigate = useNavigate();
  const { showInPreparazione, dialog } = useInPreparazione();
  const actions: BarAction[] = [
    { label: 'Esporta anagrafica', icon: <DownloadIcon />, onClick: () => showInPreparazione('Esporta anagrafica') },
    { label: 'Importa anagrafica', icon: <UploadFileIcon />, onClick: () => navigate('/admin/importazione') },
    { label: 'Invia comunicazione', icon: <MailIcon />, onClick: () => navigate('/admin/newcomm') },
    { label: 'AGGIUNGI PARTNER', icon: <AddIcon />, primary: true, onClick: () => navigate('/admin/newpartner') },
  ];
  return (
    <PartnersListScreen area="admin" actions={actions}>
      {dialog}
    </PartnersListScreen>
  );
}
