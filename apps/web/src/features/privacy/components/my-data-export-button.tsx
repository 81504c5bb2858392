import Button from '@mui/material/Button';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import { useDownload } from '../../../components/download-progress.tsx';
import { MY_DATA_EXPORT_URL } from '../api/export-my-data.ts';

/**
 * 'Scarica i miei dati' on one's own profile: a zip with the profile, the account, coupons, messages, documents,
 * the activity and the images (GDPR art. 15 and 20), downloaded with the exports' progress dialog.
 */
export function MyDataExportButton() {
  const { download, dialog } = useDownload();
  return (
    <>
      <Button
        variant="outlined"
        size="small"
        startIcon={<DownloadIcon />}
        onClick={() => download(MY_DATA_EXPORT_URL, 'I miei dati personali')}
        sx={{ alignSelf: 'flex-start' }}
      >
        Scarica i miei dati
      </Button>
      {dialog}
    </>
  );
}
