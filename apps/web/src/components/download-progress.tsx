import { useRef, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { msg } from '@portal/shared/messages-it';
import { apiDownload } from '../lib/api-client.ts';
import { errorReason } from '../lib/api-error.ts';
import { formatSize } from '../lib/formatters.ts';
import { saveFile } from '../lib/save-file.ts';
import { showToast } from '../lib/toast-store.ts';
import { LazyDialog } from './lazy-overlays.tsx';

/**
 * Downloads an export with a progress dialog (a large export shows progress): the server writes the file
 * as it reads the rows, so the dialog counts what has arrived; Annulla stops it. The file is saved under the name
 * the server gives.
 */
export function useDownload(): { download: (url: string, title: string) => void; dialog: ReactNode } {
  const [state, setState] = useState<{ title: string; bytes: number } | null>(null);
  const abort = useRef<AbortController | null>(null);

  const download = (url: string, title: string) => {
    const controller = new AbortController();
    abort.current = controller;
    setState({ title, bytes: 0 });
    apiDownload(url, (bytes) => setState({ title, bytes }), controller.signal)
      .then(({ blob, filename }) => {
        saveFile(blob, filename);
        showToast(`${filename} scaricato`, 'success');
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) showToast(errorReason(error, msg.erroreInterno));
      })
      .finally(() => setState(null));
  };

  const dialog = (
    <LazyDialog open={state !== null} aria-labelledby="download-title" maxWidth="xs" fullWidth>
      <DialogTitle id="download-title">{state?.title}</DialogTitle>
      <DialogContent>
        <LinearProgress aria-label="Preparazione del file" />
        <Typography variant="body2" sx={{ mt: 1.5 }} role="status">
          {state && state.bytes > 0 ? `Scaricati ${formatSize(state.bytes)}` : 'Preparazione del file…'}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => abort.current?.abort()}>Annulla</Button>
      </DialogActions>
    </LazyDialog>
  );
  return { download, dialog };
}
