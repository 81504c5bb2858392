import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import CampaignIcon from '@mui/icons-material/CampaignOutlined';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import MailIcon from '@mui/icons-material/MailOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import { FILTER_DEST_PREFIX, type DestOption } from '@portal/shared/schemas/messages';
import type { BarAction } from '../../../components/action-bar.tsx';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { listFiltersOf } from '../../../features/posatori/components/posatori-filters.tsx';
import { useDownload } from '../../../components/download-progress.tsx';
import { withQuery } from '../../../lib/api-client.ts';
import { msg } from '@portal/shared/messages-it';
import { useStartMassActivation } from '../../../features/mass-activation/api/mass-activation.ts';
import { PosatoriListScreen } from '../../../features/posatori/components/posatori-list-screen.tsx';

// The toolbar's dialogs come with their first opening: the list paints without their code.
const AssignCouponsDialog = lazy(async () => ({
  default: (await import('../../../features/coupons/components/assign-coupons-dialog.tsx')).AssignCouponsDialog,
}));
const MassActivationDialog = lazy(async () => ({
  default: (await import('../../../features/mass-activation/components/mass-activation-dialog.tsx'))
    .MassActivationDialog,
}));

/**
 * /admin/posatori : the installer registry. The exports and the coupon assignment follow the list's filters; mass
 * activation asks first, then shows its progress; import and communication open their screens.
 */
export function AdminPosatoriPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const { confirm, dialog } = useConfirm();
  const startMassActivation = useStartMassActivation();
  const [massive, setMassive] = useState<{ failure?: unknown } | null>(null);
  const [assigning, setAssigning] = useState(false);
  const { download, dialog: downloadDialog } = useDownload();
  // The list's current filter becomes the message's recipients; the server resolves it within reach.
  const filter = new URLSearchParams(location.search);
  for (const key of ['page', 'order', 'view']) filter.delete(key);
  const recipients: DestOption =
    filter.size > 0
      ? { id: `${FILTER_DEST_PREFIX}${filter.toString()}`, label: 'Posatori dell’elenco filtrato' }
      : { id: 'g:posatori', label: 'Tutti i posatori' };
  const actions: BarAction[] = [
    { label: 'Importa', icon: <UploadFileIcon />, onClick: () => navigate('/admin/importazione') },
    {
      label: 'Esporta',
      icon: <DownloadIcon />,
      items: [
        {
          label: 'Anagrafica',
          icon: <DownloadIcon />,
          onClick: () => download(withQuery('/api/export', listFiltersOf(location.search)), 'Esporta anagrafica'),
        },
        {
          label: 'Log coupon',
          icon: <DownloadIcon />,
          onClick: () =>
            download(withQuery('/api/exports/punti', listFiltersOf(location.search)), 'Esporta log coupon'),
        },
        {
          label: 'Coupon',
          icon: <DownloadIcon />,
          onClick: () => download(withQuery('/api/exports/puntiriv', listFiltersOf(location.search)), 'Esporta coupon'),
        },
      ],
    },
    { label: 'Assegna coupon', icon: <ConfirmationNumberIcon />, onClick: () => setAssigning(true) },
    {
      label: 'Invia comunicazione',
      icon: <MailIcon />,
      onClick: () => navigate('/admin/newcomm', { state: { dests: [recipients] } }),
    },
    {
      label: 'Invio massivo attivazioni',
      icon: <CampaignIcon />,
      onClick: async () => {
        if (!(await confirm(msg.confermaInvioMassivo))) return;
        // A press already under way (409) is shown as it goes, with the reason.
        startMassActivation.mutate(undefined, {
          onSuccess: () => setMassive({}),
          onError: (failure) => setMassive({ failure }),
        });
      },
    },
  ];
  return (
    <PosatoriListScreen area="admin" actions={actions}>
      {dialog}
      {downloadDialog}
      <Suspense fallback={null}>
        {massive && <MassActivationDialog failure={massive.failure} onClose={() => setMassive(null)} />}
        {assigning && (
          <AssignCouponsDialog filtro={listFiltersOf(location.search)} onClose={() => setAssigning(false)} />
        )}
      </Suspense>
    </PosatoriListScreen>
  );
}
