import { useEffect, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import { msg } from '@portal/shared/messages-it';
import { apiDownload } from '../lib/api-client.ts';
import { errorReason } from '../lib/api-error.ts';
import { saveFile } from '../lib/save-file.ts';
import type { drawPdfPages } from '../lib/pdf-pages.ts';
import { LazyDialog } from './lazy-overlays.tsx';

type Report = { url: string; title: string; key: number };
type Loaded = { blob: Blob; filename: string };

/**
 * The PDF report viewer: the server makes the PDF from the form's data, the dialog draws its pages
 * with the PDF library (loaded on demand, so it also works on phones whose browsers show no PDF inline) and offers
 * it for download under its own name. Full screen on a phone.
 */
function PdfReportDialog({ report, onClose }: { report: Report | null; onClose: () => void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  // The pages' box, once the dialog shows it: the dialog's own code may arrive after the file (LazyDialog).
  const [pagesBox, setPagesBox] = useState<HTMLDivElement | null>(null);
  const [loaded, setLoaded] = useState<(Loaded & { data: ArrayBuffer; draw: typeof drawPdfPages }) | null>(null);
  const [pages, setPages] = useState(0);
  const [error, setError] = useState('');

  // The dialog is keyed by the report it shows, so each report starts from empty state.
  useEffect(() => {
    if (!report) return;
    const controller = new AbortController();
    (async () => {
      const file = await apiDownload(report.url, () => undefined, controller.signal);
      const [{ drawPdfPages }, data] = await Promise.all([import('../lib/pdf-pages.ts'), file.blob.arrayBuffer()]);
      if (!controller.signal.aborted) setLoaded({ ...file, data, draw: drawPdfPages });
    })().catch((err: unknown) => {
      if (!controller.signal.aborted) setError(errorReason(err, msg.erroreInterno));
    });
    return () => controller.abort();
  }, [report]);

  // Drawn when both the file and the box are there; a copy of the bytes each time, as the PDF library takes them.
  useEffect(() => {
    if (!loaded || !pagesBox) return;
    const controller = new AbortController();
    loaded.draw(loaded.data.slice(0), pagesBox, controller.signal).then(setPages, (err: unknown) => {
      if (!controller.signal.aborted) setError(errorReason(err, msg.erroreInterno));
    });
    return () => controller.abort();
  }, [loaded, pagesBox]);

  const busy = !!report && !error && pages === 0;
  return (
    <LazyDialog
      open={report !== null}
      onClose={onClose}
      fullScreen={phone}
      maxWidth="md"
      fullWidth
      aria-labelledby="pdf-report-title"
    >
      <DialogTitle id="pdf-report-title">{report?.title}</DialogTitle>
      {/* The pages scroll inside the dialog: the region takes the keyboard focus, so the arrow keys scroll it too
          (WCAG 2.1.1; axe's scrollable-region-focusable), and is named for screen readers. */}
      <DialogContent
        dividers
        tabIndex={0}
        role="region"
        aria-label="Anteprima del PDF"
        sx={{ bgcolor: 'grey.200', p: { xs: 1, sm: 2 } }}
      >
        {busy && (
          <Box sx={{ py: 2 }}>
            <LinearProgress aria-label="Preparazione del PDF" />
            <Typography variant="body2" sx={{ mt: 1.5 }} role="status">
              Preparazione del PDF…
            </Typography>
          </Box>
        )}
        {error && <Alert severity="error">{error}</Alert>}
        <Box
          ref={setPagesBox}
          sx={{ display: 'grid', gap: 2, '& canvas': { bgcolor: 'common.white', boxShadow: 1 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Chiudi</Button>
        <Button
          variant="contained"
          startIcon={<DownloadIcon />}
          disabled={!loaded}
          onClick={() => loaded && saveFile(loaded.blob, loaded.filename)}
        >
          Scarica PDF
        </Button>
      </DialogActions>
    </LazyDialog>
  );
}

/** Opens a report in the viewer: `show(url, title)`; render `dialog` once in the screen. */
export function usePdfReport(): { show: (url: string, title: string) => void; dialog: ReactNode } {
  const [report, setReport] = useState<Report | null>(null);
  return {
    show: (url, title) => setReport({ url, title, key: Date.now() }),
    dialog: <PdfReportDialog key={report?.key ?? 0} report={report} onClose={() => setReport(null)} />,
  };
}
