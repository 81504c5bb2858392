import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import { useInPreparazione } from '../../../components/in-preparazione-dialog.tsx';
import { PosatoriListScreen } from '../../../features/posatori/components/posatori-list-screen.tsx';

/** /rivenditori/posatori : the reseller's installers, read-only; the export comes with a later release. */
export function RivenditoriPosatoriPage() {
  const { showInPreparazione, dialog } = useInPreparazione();
  return (
    <PosatoriListScreen
      area="rivenditori"
      actions={[{ label: 'Esporta', icon: <DownloadIcon />, onClick: () => showInPreparazione('Esporta posatori') }]}
    >
      {dialog}
    </PosatoriListScreen>
  );
}
