import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { couponStatoLabels } from '@portal/shared/schemas/coupons';
import { reportUrl, type ReportDefinition } from '@portal/shared/schemas/reports';
import { SEARCH_MIN } from '@portal/shared/schemas/search';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { usePdfReport } from '../../../components/pdf-report-dialog.tsx';
import { formatDate } from '../../../lib/formatters.ts';
import { useCouponChoices, useInstallerChoices, usePartnerChoices, useReports, type Subject } from '../api/reports.ts';
import { LoadError } from '../../../components/load-error.tsx';

type Choices = (text: string) => { data?: Subject[] | undefined; isFetching: boolean };

/** A typeahead over a server list: from 3 characters, the first 10 matches. */
function SubjectPicker({
  id,
  label,
  useChoices,
  value,
  onChange,
}: {
  id: string;
  label: string;
  useChoices: Choices;
  value: Subject | null;
  onChange: (next: Subject | null) => void;
}) {
  const [text, setText] = useState('');
  const choices = useChoices(text.trim());
  const short = text.trim().length < SEARCH_MIN;
  return (
    <Autocomplete
      id={id}
      options={short ? [] : (choices.data ?? [])}
      value={value}
      onChange={(_event, next) => onChange(next)}
      inputValue={text}
      onInputChange={(_event, next) => setText(next)}
      getOptionLabel={(s) => s.label}
      isOptionEqualToValue={(a, b) => a.uuid === b.uuid}
      filterOptions={(options) => options}
      loading={choices.isFetching}
      loadingText="Ricerca…"
      noOptionsText={short ? `Scrivi almeno ${SEARCH_MIN} caratteri` : 'Nessun risultato'}
      autoHighlight
      sx={{ flex: 1, minWidth: 0 }}
      renderInput={(params) => <TextField {...params} label={label} size="small" />}
    />
  );
}

/** The coupon voucher needs an installer, then one of their coupons. */
function CouponSubject({ onChange }: { onChange: (coupon: Subject | null) => void }) {
  const [installer, setInstaller] = useState<Subject | null>(null);
  const [coupon, setCoupon] = useState('');
  const coupons = useCouponChoices(installer?.uuid ?? '');
  const rows = coupons.data?.data ?? [];
  const pick = (uuid: string) => {
    setCoupon(uuid);
    const row = rows.find((c) => c.uuid === uuid);
    onChange(row ? { uuid: row.uuid, label: row.code } : null);
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ flex: 1, minWidth: 0 }}>
      <SubjectPicker
        id="report-coupon-posatore"
        label="Posatore"
        useChoices={useInstallerChoices}
        value={installer}
        onChange={(next) => {
          setInstaller(next);
          pick('');
        }}
      />
      <TextField
        select
        size="small"
        id="report-coupon"
        label="Coupon"
        value={coupon}
        onChange={(event) => pick(event.target.value)}
        disabled={!installer || rows.length === 0}
        helperText={installer && coupons.isSuccess && rows.length === 0 ? 'Il posatore non ha coupon' : ' '}
        sx={{ flex: 1, minWidth: 0 }}
      >
        {rows.map((c) => (
          <MenuItem key={c.uuid} value={c.uuid}>
            {`${c.code} · ${couponStatoLabels[c.stato]} · ${formatDate(c.scadenza)}`}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}

/** One report: what it prints, its subject, and 'Genera PDF'. */
function ReportCard({ report, onShow }: { report: ReportDefinition; onShow: (url: string, title: string) => void }) {
  const [subject, setSubject] = useState<Subject | null>(null);
  return (
    <Paper variant="outlined" component="section" aria-label={report.titolo} sx={{ p: { xs: 2, md: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 500 }}>
        {report.titolo}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {report.descrizione}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
        {report.id === 'coupon' ? (
          <CouponSubject onChange={setSubject} />
        ) : (
          <SubjectPicker
            id={`report-${report.id}`}
            label={report.id === 'posatore' ? 'Posatore' : 'Partner'}
            useChoices={report.id === 'posatore' ? useInstallerChoices : usePartnerChoices}
            value={subject}
            onChange={setSubject}
          />
        )}
        <Box>
          <Button
            variant="contained"
            startIcon={<PdfIcon />}
            disabled={!subject}
            onClick={() => subject && onShow(reportUrl(report.id, subject.uuid), `${report.titolo} · ${subject.label}`)}
            sx={{ whiteSpace: 'nowrap' }}
          >
            Genera PDF
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}

/**
 * /admin/report: the reports an admin can produce (report definitions tied to forms), each
 * with its subject; the PDF opens in the viewer and downloads from there.
 */
export function ReportsScreen() {
  const reports = useReports();
  const pdf = usePdfReport();
  if (reports.isPending) return <FullPageSpinner />;
  return (
    <>
      <PageTitle title="Report" />
      {reports.data === undefined ? (
        <LoadError error={reports.error} />
      ) : (
        <Stack spacing={2}>
          {reports.data.data.map((r) => (
            <ReportCard key={r.id} report={r} onShow={pdf.show} />
          ))}
        </Stack>
      )}
      {pdf.dialog}
    </>
  );
}
