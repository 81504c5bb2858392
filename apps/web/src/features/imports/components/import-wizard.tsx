import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import type { ImportSheet } from '@portal/shared/import-workbook';
import { msg } from '@portal/shared/messages-it';
import {
  IMPORT_BATCH_MAX,
  importExtras,
  type ImportExtras,
  type ImportRecord,
  type ImportRowOutcome,
} from '@portal/shared/schemas/imports';
import { ComboSelect } from '../../../components/combo-select.tsx';
import { FileDrop } from '../../../components/file-drop.tsx';
import { MonthYearField } from '../../../components/month-year-field.tsx';
import { errorReason } from '../../../lib/api-error.ts';
import { useCombo } from '../../combos/api/get-combo.ts';
import { sendBatch, startImport } from '../api/imports.ts';
import { posatoriKeys } from '../../posatori/api/posatori-keys.ts';
import { partnersKeys } from '../../partners/api/partners-keys.ts';
import { importsKeys } from '../api/imports-keys.ts';
import { formatCount } from '../../../lib/formatters.ts';

const steps = ['Carica il file', 'Importa', 'Fatto!'] as const;

/** SheetJS is 400 kB: the wizard loads it when a file is read, not with the page. */
const loadXlsx = () => import('@e965/xlsx');
const loadWorkbook = () => import('@portal/shared/import-workbook');

/** A batch that fails for the network or the server is sent again this many times before the import stops. */
const ATTEMPTS = 3;

type Progress = { sent: number; record: ImportRecord | undefined };
type Finished = { record: ImportRecord; sheet: ImportSheet; outcomes: ImportRowOutcome[]; stopped?: string };

function fileProblem(file: File): string | null {
  return /\.xlsx?$/i.test(file.name) ? null : 'Sono ammessi solo file .xls e .xlsx';
}

/** Reads the chosen workbook in the browser and opens the import: the sheet to send, or why not. */
async function openImport(file: File, extras: ImportExtras): Promise<{ id: string; sheet: ImportSheet } | string> {
  const parsedExtras = importExtras.safeParse(extras);
  if (!parsedExtras.success) return parsedExtras.error.issues[0]?.message ?? msg.correggereErrori;
  const [xlsx, workbook] = await Promise.all([loadXlsx(), loadWorkbook()]);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const refused = workbook.spreadsheetProblem(file.name, file.size, bytes.subarray(0, 8));
  if (refused) return refused;
  const sheet = workbook.readImportSheet(xlsx, bytes);
  if ('problem' in sheet) return sheet.problem;
  const id = await startImport({ ...parsedExtras.data, tipo: sheet.kind, file: file.name, righe: sheet.rows.length });
  return { id, sheet };
}

type SendOutcome = { outcomes: ImportRowOutcome[]; record: ImportRecord | undefined; stopped: string | undefined };

/**
 * Sends the rows batch after batch, each tried a few times before the import stops; undefined when the page left
 * (the signal aborted). The rows already stored stay: the same file sent again completes the import.
 */
async function sendRows(
  id: string,
  sheet: ImportSheet,
  signal: AbortSignal,
  onProgress: (progress: Progress) => void,
): Promise<SendOutcome | undefined> {
  const outcomes: ImportRowOutcome[] = [];
  let record: ImportRecord | undefined;
  let stopped: string | undefined;
  for (let start = 0; start < sheet.rows.length && !stopped; start += IMPORT_BATCH_MAX) {
    const batch = sheet.rows.slice(start, start + IMPORT_BATCH_MAX).map(({ riga, record: r }) => ({ riga, record: r }));
    for (let attempt = 1; ; attempt++) {
      try {
        const reply = await sendBatch(id, batch, signal);
        outcomes.push(...reply.esiti);
        record = reply.import;
        onProgress({ sent: start + batch.length, record });
        break;
      } catch (error) {
        if (signal.aborted) return undefined;
        if (attempt >= ATTEMPTS) {
          stopped = `Importazione interrotta alla riga ${batch[0]?.riga ?? ''}: ${errorReason(error, 'server non raggiungibile')}. Le righe precedenti sono salvate: importa di nuovo lo stesso file per completare, senza doppioni.`;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 1_000 * attempt));
      }
    }
  }
  return { outcomes, record, stopped };
}

type ChooseStepProps = {
  extras: ImportExtras;
  onExtras: (change: Partial<ImportExtras>) => void;
  file: File | null;
  onFile: (file: File | null) => void;
  fileError: string | undefined;
  problem: string | null;
  reading: boolean;
  onNext: () => void;
};

/** The first step: the course, coupon and course date given to every row, the file, and AVANTI. */
function ChooseStep({ extras, onExtras, file, onFile, fileError, problem, reading, onNext }: ChooseStepProps) {
  const qualifiche = useCombo('qualifiche');
  const tipiCoupon = useCombo('cbotcoupons');
  return (
    <Stack spacing={2.5}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' } }}>
        <ComboSelect
          id="import-corso"
          label="Tipo corso"
          options={qualifiche.data ?? []}
          loading={qualifiche.isLoading}
          emptyLabel="Nessuno"
          value={extras.impcorso}
          onChange={(impcorso) => onExtras({ impcorso })}
        />
        <ComboSelect
          id="import-coupon"
          label="Tipo coupon"
          options={tipiCoupon.data ?? []}
          loading={tipiCoupon.isLoading}
          emptyLabel="Nessuno"
          value={extras.impcoupon}
          onChange={(impcoupon) => onExtras({ impcoupon })}
        />
        <MonthYearField
          id="import-data-corso"
          label="Data corso"
          value={extras.impdtcorso}
          onChange={(impdtcorso) => onExtras({ impdtcorso })}
        />
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Un file .xls o .xlsx fino a 10 MB e 10.000 righe: l’elenco dei posatori (CODICE FISCALE, COGNOME, NOME, …) o
        l’esportazione delle aziende del CRM (ContactID, Company, …). L’intestazione può stare in una delle prime 10
        righe. Chi è già in anagrafica viene aggiornato, non duplicato.
      </Typography>
      <FileDrop
        file={file}
        onChange={onFile}
        accept=".xls,.xlsx,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        problemOf={fileProblem}
        label="File da importare"
        disabled={reading}
        error={fileError}
      />
      {problem && (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button
          variant="contained"
          onClick={onNext}
          disabled={reading}
          startIcon={reading ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          AVANTI
        </Button>
      </Box>
    </Stack>
  );
}

/** Leaving the page while rows are being sent would stop the import half way: the browser asks first. */
function useWarnBeforeLeaving(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}

/** The automatic step: sends the rows, keeps the live count, and says where the wizard goes next. */
function useImportRun(onDone: (step: number, problem?: string) => void) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<Progress>({ sent: 0, record: undefined });
  const [total, setTotal] = useState(0);
  const [finished, setFinished] = useState<Finished | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const start = async (id: string, sheet: ImportSheet) => {
    setTotal(sheet.rows.length);
    setProgress({ sent: 0, record: undefined });
    const controller = new AbortController();
    abort.current = controller;
    const sent = await sendRows(id, sheet, controller.signal, setProgress);
    if (!sent) return;
    const { outcomes, record, stopped } = sent;
    void queryClient.invalidateQueries({ queryKey: importsKeys.all });
    void queryClient.invalidateQueries({ queryKey: sheet.kind === 'posatori' ? posatoriKeys.all : partnersKeys.all });
    if (record) {
      setFinished({ record, sheet, outcomes, ...(stopped ? { stopped } : {}) });
      onDone(2);
    } else onDone(0, stopped ?? 'Importazione non riuscita');
  };
  return { progress, total, finished, clear: () => setFinished(null), start };
}

/**
 * The import wizard (/admin/importazione): select, 'Importa' (automatic: the rows go in batches, each stored in one
 * transaction, with a live count per table) and 'Fatto!', with errors.xlsx and VISUALIZZA. The workbook is read in
 * the browser; the server applies the rules and says what became of each row.
 */
export function ImportWizard() {
  const [step, setStep] = useState(0);
  const [extras, setExtras] = useState<ImportExtras>({ impcorso: '', impcoupon: '', impdtcorso: '' });
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [reading, setReading] = useState(false);
  const run = useImportRun((nextStep, stopped) => {
    if (stopped) setProblem(stopped);
    setStep(nextStep);
  });
  useWarnBeforeLeaving(step === 1);

  /** AVANTI of the first step: the next step only when the file was read and the import opened. */
  const next = async () => {
    setProblem(null);
    if (!file) {
      setFileError(msg.selezionareFile);
      setProblem(msg.selezionareFile);
      return;
    }
    setReading(true);
    try {
      const opened = await openImport(file, extras);
      if (typeof opened === 'string') return setProblem(opened);
      setStep(1);
      void run.start(opened.id, opened.sheet);
    } catch (error) {
      setProblem(errorReason(error, 'Lettura del file non riuscita'));
    } finally {
      setReading(false);
    }
  };

  const restart = () => {
    setStep(0);
    setFile(null);
    run.clear();
    setProblem(null);
    setFileError(undefined);
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
        {steps.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {step === 0 && (
        <ChooseStep
          extras={extras}
          onExtras={(change) => setExtras((e) => ({ ...e, ...change }))}
          file={file}
          onFile={(chosen) => {
            setFile(chosen);
            setFileError(undefined);
            setProblem(null);
          }}
          fileError={fileError}
          problem={problem}
          reading={reading}
          onNext={() => void next()}
        />
      )}
      {step === 1 && <Processing total={run.total} progress={run.progress} />}
      {step === 2 && run.finished && <Done finished={run.finished} onRestart={restart} />}
    </Paper>
  );
}

/** One line per imported table, with its label and a live count. */
function countLines(record: ImportRecord | undefined): [string, number][] {
  const stored = (record?.nuovi ?? 0) + (record?.aggiornati ?? 0) + (record?.invariati ?? 0);
  const lines: [string, number][] = [[record?.tipo === 'azienda' ? 'Aziende partner' : 'Posatori', stored]];
  if (record?.tipo !== 'azienda') lines.push(['Coupon assegnati', record?.coupon ?? 0]);
  lines.push(['Righe scartate', record?.errori ?? 0]);
  return lines;
}

function Processing({ total, progress }: { total: number; progress: Progress }) {
  const percent = total > 0 ? Math.round((progress.sent / total) * 100) : 0;
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', py: 2 }} role="status" aria-live="polite">
      <CircularProgress />
      <Typography variant="h6" component="p">
        Importazione in corso
      </Typography>
      <Box sx={{ width: '100%', maxWidth: 480 }}>
        <LinearProgress variant="determinate" value={percent} aria-label="Righe inviate" />
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, textAlign: 'center' }}>
          {formatCount(progress.sent)} di {formatCount(total)} righe
        </Typography>
      </Box>
      <CountTable lines={countLines(progress.record)} />
    </Stack>
  );
}

function CountTable({ lines }: { lines: [string, number][] }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 4, rowGap: 0.5, m: 0 }}>
      {lines.map(([label, n]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt">{label}</Typography>
          <Typography component="dd" sx={{ m: 0, textAlign: 'right', fontWeight: 500 }}>
            {formatCount(n)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function Done({ finished, onRestart }: { finished: Finished; onRestart: () => void }) {
  const { record, sheet, outcomes, stopped } = finished;
  const withErrors = record.errori > 0 || stopped !== undefined;
  const downloadErrors = async () => {
    try {
      const [xlsx, workbook] = await Promise.all([loadXlsx(), loadWorkbook()]);
      xlsx.writeFile(workbook.errorsWorkbook(xlsx, sheet, outcomes), 'errors.xlsx', { compression: true });
    } catch (error) {
      // A failed write of the error file is only logged.
      console.error('Scrittura di errors.xlsx non riuscita', error);
    }
  };
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', py: 1 }}>
      <Alert severity={withErrors ? 'warning' : 'success'} role="status" sx={{ width: '100%' }}>
        {withErrors ? 'Importazione avvenuta con errori!' : 'Importazione avvenuta con successo!'}
      </Alert>
      {stopped && (
        <Alert severity="error" sx={{ width: '100%' }}>
          {stopped}
        </Alert>
      )}
      <CountTable
        lines={[
          ['Righe lette', record.elaborate],
          ['Nuovi', record.nuovi],
          ['Aggiornati', record.aggiornati],
          ['Già presenti senza modifiche', record.invariati],
          ...countLines(record).slice(1),
        ]}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ pt: 1 }}>
        {record.errori > 0 && (
          <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void downloadErrors()}>
            Scarica errors.xlsx
          </Button>
        )}
        {record.tipo === 'posatori' && (
          <Button component={RouterLink} to={`/admin/impposatori/${record.uuid}`} variant="outlined">
            Posatori di questa importazione
          </Button>
        )}
        <Button variant="text" onClick={onRestart}>
          Nuova importazione
        </Button>
        <Button
          component={RouterLink}
          to={record.tipo === 'azienda' ? '/admin/partner' : '/admin/posatori'}
          variant="contained"
        >
          VISUALIZZA
        </Button>
      </Stack>
    </Stack>
  );
}
