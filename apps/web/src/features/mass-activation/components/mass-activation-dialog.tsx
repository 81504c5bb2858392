import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { MassActivation } from '@portal/shared/schemas/mass-activation';
import { msg } from '@portal/shared/messages-it';
import { errorReason } from '../../../lib/api-error.ts';
import { isRunning, useMassActivation } from '../api/mass-activation.ts';
import { posatoriKeys } from '../../posatori/api/posatori-keys.ts';
import { failedToLoad, LoadError } from '../../../components/load-error.tsx';
import { LazyDialog } from '../../../components/lazy-overlays.tsx';
import { formatCount } from '../../../lib/formatters.ts';

/** Where a press is: preparing the accounts, sending, or done (with the e-mails that could not go). */
function phaseOf(run: MassActivation): { text: string; severity: 'info' | 'success' | 'warning' } {
  if (run.finished_at === '') return { text: 'Preparazione degli account e dei link in corso…', severity: 'info' };
  if (run.in_attesa > 0) return { text: 'Invio delle e-mail in corso…', severity: 'info' };
  if (run.falliti > 0) {
    return { text: `Invio concluso: ${formatCount(run.falliti)} e-mail non consegnate`, severity: 'warning' };
  }
  return {
    text: run.accodati > 0 ? 'Invio concluso' : 'Nessuna nuova attivazione da inviare',
    severity: 'success',
  };
}

/**
 * The progress of 'Invio massivo attivazioni': the e-mails sent out of those queued, a bar, and why the others got
 * none (no e-mail, a wrong one, one shared by several people, a link sent before and still valid). It follows the
 * latest press, polling while it works; closing it stops nothing, the sending goes on on the server.
 */
export function MassActivationDialog({ onClose, failure }: { onClose: () => void; failure?: unknown }) {
  const query = useMassActivation(true);
  const run = query.data?.run;
  const queryClient = useQueryClient();
  const prepared = run ? run.finished_at !== '' : false;
  // The registry's status dots change once the accounts exist.
  useEffect(() => {
    if (prepared) void queryClient.invalidateQueries({ queryKey: posatoriKeys.all });
  }, [prepared, queryClient]);

  const phase = run && phaseOf(run);
  const done = run ? run.inviati + run.falliti : 0;
  const rows: [string, number][] = run
    ? [
        ['Posatori senza account attivo', run.candidati],
        ['E-mail di attivazione preparate', run.accodati],
        ['Inviate', run.inviati],
        ['In attesa di invio', run.in_attesa],
        ['Senza e-mail', run.senza_email],
        ['E-mail non valida', run.email_non_valida],
        ['E-mail condivisa da più persone', run.email_condivisa],
        ['Già inviata, link ancora valido', run.link_validi],
      ]
    : [];
  return (
    <LazyDialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="sendmassive-title">
      <DialogTitle id="sendmassive-title">Invio massivo attivazioni</DialogTitle>
      <DialogContent>
        {failure !== undefined && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorReason(failure, msg.erroreInterno)}
          </Alert>
        )}
        {failedToLoad(query) && <LoadError error={query.error} />}
        {!run && query.isPending && <LinearProgress aria-label="Caricamento" />}
        {run && phase && (
          <>
            <Alert severity={phase.severity} role="status" sx={{ mb: 2 }}>
              {phase.text}
            </Alert>
            <Box sx={{ mb: 2 }}>
              <LinearProgress
                aria-label="E-mail inviate"
                variant={prepared && run.accodati > 0 ? 'determinate' : 'indeterminate'}
                value={run.accodati > 0 ? (100 * done) / run.accodati : 100}
              />
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {`${formatCount(run.inviati)} inviate su ${formatCount(run.accodati)}`}
              </Typography>
            </Box>
            <Table size="small" aria-label="Esito dell’invio massivo">
              <TableBody>
                {rows.map(([label, n]) => (
                  <TableRow key={label}>
                    <TableCell component="th" scope="row">
                      {label}
                    </TableCell>
                    <TableCell align="right">{formatCount(n)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {isRunning(run) && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
                Puoi chiudere questa finestra: l’invio continua.
              </Typography>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          Chiudi
        </Button>
      </DialogActions>
    </LazyDialog>
  );
}
