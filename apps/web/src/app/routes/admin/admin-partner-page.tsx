import { useLocation, useNavigate } from 'react-router';
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import MailIcon from '@mui/icons-material/MailOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import { PARTNER_FILTER_DEST_PREFIX, type DestOption } from '@portal/shared/schemas/messages';
import type { BarAction } from '../../../components/action-bar.tsx';
import { useDownload } from '../../../components/download-progress.tsx';
import { PartnersListScreen } from '../../../features/partners/components/partners-list-screen.tsx';
import { withQuery } from '../../../lib/api-client.ts';

/** The partner list's filters in its URL, as the export sends them. */
function partnerFilters(search: string) {
  const params = new URLSearchParams(search);
  return { ragsoc: params.get('ragsoc') ?? '', state: params.get('state') ?? '', code: params.get('code') ?? '' };
}

/**
 * /admin/partner : the partner companies. 'Esporta anagrafica' downloads the list with its filters; import opens the
 * wizard; 'Invia comunicazione' the composer addressed to the filtered partners' contacts; AGGIUNGI PARTNER the form.
 */
export function AdminPartnerPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const { download, dialog } = useDownload();
  // The list's current filter becomes the recipients: the area managers and resellers that stand for those partners.
  const filter = new URLSearchParams(withQuery('', partnerFilters(location.search)).slice(1));
  const recipients: DestOption =
    filter.size > 0
      ? { id: `${PARTNER_FILTER_DEST_PREFIX}${filter.toString()}`, label: 'Referenti delle aziende partner filtrate' }
      : { id: 'g:partner', label: 'Referenti delle aziende partner' };
  const actions: BarAction[] = [
    {
      label: 'Esporta anagrafica',
      icon: <DownloadIcon />,
      onClick: () => download(withQuery('/api/exportpartner', partnerFilters(location.search)), 'Esporta anagrafica'),
    },
    { label: 'Importa anagrafica', icon: <UploadFileIcon />, onClick: () => navigate('/admin/importazione') },
    {
      label: 'Invia comunicazione',
      icon: <MailIcon />,
      onClick: () => navigate('/admin/newcomm', { state: { dests: [recipients] } }),
    },
    { label: 'AGGIUNGI PARTNER', icon: <AddIcon />, primary: true, onClick: () => navigate('/admin/newpartner') },
  ];
  return (
    <PartnersListScreen area="admin" actions={actions}>
      {dialog}
    </PartnersListScreen>
  );
}
