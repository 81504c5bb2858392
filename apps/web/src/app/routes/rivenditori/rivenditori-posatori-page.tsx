import { useLocation } from 'react-router';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import { useDownload } from '../../../components/download-progress.tsx';
import { listFiltersOf } from '../../../features/posatori/components/posatori-filters.tsx';
import { PosatoriListScreen } from '../../../features/posatori/components/posatori-list-screen.tsx';
import { withQuery } from '../../../lib/api-client.ts';

/** /rivenditori/posatori : the reseller's installers, read-only; Esporta downloads them with the list's filters. */
export function RivenditoriPosatoriPage() {
  const location = useLocation();
  const { download, dialog } = useDownload();
  return (
    <PosatoriListScreen
      area="rivenditori"
      actions={[
        {
          label: 'Esporta',
          icon: <DownloadIcon />,
          onClick: () => download(withQuery('/api/riven/export', listFiltersOf(location.search)), 'Esporta posatori'),
        },
      ]}
    >
      {dialog}
    </PosatoriListScreen>
  );
}
