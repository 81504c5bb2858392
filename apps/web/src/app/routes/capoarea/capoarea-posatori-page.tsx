import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import { useInPreparazione } from '../../../components/in-preparazione-dialog.tsx';
import { PosatoriListScreen } from '../../../features/posatori/components/posatori-list-screen.tsx';

/** /capoarea/posatori : the area manager's installers; the export (with its coupon-type picker) comes later. */
export function CapoareaPosatoriPage() {
  const { showInPreparazione, dialog } = useInPreparazione();
  return (
    <PosatoriListScreen
      area="capoarea"
      actions={[{ label: 'Esporta', icon: <DownloadIcon />, onClick: () => showInPreparazione('Esporta posatori') }]}
    >
      {dialog}
    </PosatoriListScreen>
  );
}
