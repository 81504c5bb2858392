import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import { useDownload } from '../../../components/download-progress.tsx';
import { listFiltersOf } from '../../../features/posatori/components/posatori-filters.tsx';
import { PosatoriListScreen } from '../../../features/posatori/components/posatori-list-screen.tsx';
import { withQuery } from '../../../lib/api-client.ts';

// The coupon type question comes with its first opening: the list paints without its code.
const ExportCouponsDialog = lazy(async () => ({
  default: (await import('../../../features/coupons/components/export-coupons-dialog.tsx')).ExportCouponsDialog,
}));

/**
 * /capoarea/posatori : the area manager's installers. Esporta asks for a coupon type (or all of them), then
 * downloads the reseller-coupons report of the list's installers (/api/exportrivenditori).
 */
export function CapoareaPosatoriPage() {
  const location = useLocation();
  const [picking, setPicking] = useState(false);
  const { download, dialog } = useDownload();
  return (
    <PosatoriListScreen
      area="capoarea"
      actions={[{ label: 'Esporta', icon: <DownloadIcon />, onClick: () => setPicking(true) }]}
    >
      {dialog}
      {picking && (
        <Suspense fallback={null}>
          <ExportCouponsDialog
            onClose={() => setPicking(false)}
            onExport={(tipocoupon) => {
              setPicking(false);
              download(
                withQuery('/api/exportrivenditori', { ...listFiltersOf(location.search), tipocoupon }),
                'Esporta coupon dei rivenditori',
              );
            }}
          />
        </Suspense>
      )}
    </PosatoriListScreen>
  );
}
