import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import { msg } from '@portal/shared/messages-it';
import {
  sessionRoleLabels,
  sessionRoles,
  sessionsQuery,
  type SessionsQuery,
  type SessionsReply,
} from '@portal/shared/schemas/usage-statistics';
import { DateField } from '../../../components/date-field.tsx';
import { useDownload } from '../../../components/download-progress.tsx';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { ListHeading } from '../../../components/list-heading.tsx';
import { formatCount, formatDate } from '../../../lib/formatters.ts';
import { usageStatisticsExportUrl, useUsageStatistics } from '../api/get-usage-statistics.ts';
import { FigureTable, type FigureColumn } from './figure-table.tsx';
import {
  ActiveChart,
  ChartsItalian,
  CouponsChart,
  LoginsChart,
  monthLabel,
  ProvincesChart,
  ReadsChart,
  ResellersChart,
  StatoChart,
} from './usage-charts.tsx';
import { LoadError } from '../../../components/load-error.tsx';

/** Quick ranges, each ending today. */
const presets = [
  { days: 7, label: '7 giorni' },
  { days: 30, label: '30 giorni' },
  { days: 90, label: '90 giorni' },
  { days: 365, label: '12 mesi' },
] as const;

const ISO = 'YYYY-MM-DD';
const rangeOf = (days: number) => ({
  dal: dayjs()
    .subtract(days - 1, 'day')
    .format(ISO),
  al: dayjs().format(ISO),
});

/** One block of the page: its title, its chart, the numbers under it. */
function Figure({ title, note, chart, table }: { title: string; note?: string; chart: ReactNode; table: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 1.5, md: 2.5 }, height: '100%' }}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 500 }}>
        {title}
      </Typography>
      {note && (
        <Typography variant="body2" color="text.secondary">
          {note}
        </Typography>
      )}
      <Box sx={{ my: 1, minWidth: 0 }}>{chart}</Box>
      {table}
    </Paper>
  );
}

type Range = { dal?: string | undefined; al?: string | undefined };

/** The range fields: what was typed, checked by the API's own schema before it reaches the URL. */
function RangeBar({
  shown,
  onRange,
}: {
  shown: { dal: string; al: string };
  onRange: (range: { dal: string; al: string }) => void;
}) {
  const [draft, setDraft] = useState<Range>({});
  const current = { dal: draft.dal ?? shown.dal, al: draft.al ?? shown.al };
  const parsed = sessionsQuery.safeParse({ dal: current.dal || undefined, al: current.al || undefined });
  const errors: Record<string, string> = {};
  if (!parsed.success) for (const i of parsed.error.issues) errors[String(i.path[0])] ??= i.message;
  const missing = (v: string) => (v === '' ? msg.campoObbligatorio : undefined);

  const change = (key: 'dal' | 'al', value: string) => {
    const next = { ...current, [key]: value };
    setDraft(next);
    if (next.dal && next.al && sessionsQuery.safeParse(next).success) onRange(next);
  };
  const preset = presets.find((p) => {
    const r = rangeOf(p.days);
    return r.dal === current.dal && r.al === current.al;
  });

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { md: 'flex-start' } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }} sx={{ flex: { md: '0 1 420px' } }}>
        <DateField
          id="sessions-dal"
          label="Dal"
          size="small"
          value={current.dal}
          onChange={(v) => change('dal', v)}
          error={!!(errors.dal ?? missing(current.dal))}
          helperText={errors.dal ?? missing(current.dal) ?? ' '}
        />
        <DateField
          id="sessions-al"
          label="Al"
          size="small"
          value={current.al}
          onChange={(v) => change('al', v)}
          error={!!(errors.al ?? missing(current.al))}
          helperText={errors.al ?? missing(current.al) ?? ' '}
        />
      </Stack>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        aria-label="Periodo"
        value={preset?.days ?? null}
        onChange={(_e, days: number | null) => {
          if (days === null) return;
          const r = rangeOf(days);
          setDraft(r);
          onRange(r);
        }}
        sx={{ flexWrap: 'wrap' }}
      >
        {presets.map((p) => (
          <ToggleButton key={p.days} value={p.days} sx={{ px: 1.5, minHeight: 40 }}>
            {p.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Stack>
  );
}

type Day = SessionsReply['giorni'][number];
const dayColumn: FigureColumn<Day> = { header: 'Giorno', value: (d) => formatDate(d.giorno) };

/** Logins per day and role. */
function LoginsFigure({ data }: { data: SessionsReply }) {
  return (
    <Figure
      title="Accessi per giorno e ruolo"
      chart={<LoginsChart giorni={data.giorni} />}
      table={
        <FigureTable
          label="Accessi per giorno e ruolo"
          rows={data.giorni}
          rowKey={(d) => d.giorno}
          columns={[
            dayColumn,
            ...sessionRoles.map((r): FigureColumn<Day> => ({
              header: sessionRoleLabels[r],
              value: (d) => d.accessi[r],
              total: true,
            })),
            {
              header: 'Totale',
              value: (d) => sessionRoles.reduce((s, r) => s + d.accessi[r], 0),
              total: true,
            },
          ]}
        />
      }
    />
  );
}

/** The people active in the 7 and 30 days up to the range's end, per role. */
function ActiveFigure({ data }: { data: SessionsReply }) {
  return (
    <Figure
      title="Persone attive per ruolo"
      note={`Con almeno un accesso, download o lettura nei 7 e nei 30 giorni fino al ${formatDate(data.al)}`}
      chart={<ActiveChart ruoli={data.ruoli} />}
      table={
        <FigureTable
          label="Persone attive per ruolo"
          rows={data.ruoli}
          rowKey={(r) => r.ruolo}
          columns={[
            { header: 'Ruolo', value: (r) => sessionRoleLabels[r.ruolo] },
            { header: 'Attivi 7 giorni', value: (r) => r.attivi7, total: true },
            { header: 'Attivi 30 giorni', value: (r) => r.attivi30, total: true },
            { header: 'Accessi', value: (r) => r.accessi, total: true },
            { header: 'Download', value: (r) => r.download, total: true },
            { header: 'Letture', value: (r) => r.letture, total: true },
          ]}
        />
      }
    />
  );
}

/** Document downloads and message reads per day. */
function ReadsFigure({ data }: { data: SessionsReply }) {
  return (
    <Figure
      title="Download documenti e letture messaggi"
      chart={<ReadsChart giorni={data.giorni} />}
      table={
        <FigureTable
          label="Download documenti e letture messaggi per giorno"
          rows={data.giorni}
          rowKey={(d) => d.giorno}
          columns={[
            dayColumn,
            { header: 'Download documenti', value: (d) => d.download, total: true },
            { header: 'Letture messaggi', value: (d) => d.letture, total: true },
          ]}
        />
      }
    />
  );
}

/** Installers per state today, with their share. */
function StatoFigure({ data }: { data: SessionsReply }) {
  const totalInstallers = data.posatoriStato.reduce((s, x) => s + x.n, 0);
  const percent = (n: number) =>
    totalInstallers === 0
      ? '0%'
      : `${(n / totalInstallers).toLocaleString('it-IT', { style: 'percent', maximumFractionDigits: 1 })}`;
  return (
    <Figure
      title="Posatori per stato"
      note={`Oggi, ${formatCount(totalInstallers)} posatori in anagrafica`}
      chart={<StatoChart stati={data.posatoriStato} />}
      table={
        <FigureTable
          label="Posatori per stato"
          rows={data.posatoriStato}
          rowKey={(s) => s.stato}
          columns={[
            { header: 'Stato', value: (s) => s.label },
            { header: 'Posatori', value: (s) => s.n, total: true },
            { header: 'Quota', value: (s) => percent(s.n) },
          ]}
        />
      }
    />
  );
}

/** Installers per province today. */
function ProvincesFigure({ data }: { data: SessionsReply }) {
  return (
    <Figure
      title="Posatori per provincia"
      note="Oggi; nel grafico le 15 province con più posatori, nella tabella tutte"
      chart={<ProvincesChart province={data.posatoriProvince} />}
      table={
        <FigureTable
          label="Posatori per provincia"
          rows={data.posatoriProvince}
          rowKey={(p) => p.sigla}
          columns={[
            { header: 'Provincia', value: (p) => (p.sigla ? `${p.provincia} (${p.sigla})` : p.provincia) },
            { header: 'In regola', value: (p) => p.ok, total: true },
            { header: 'Incompleti', value: (p) => p.incompleto, total: true },
            { header: 'Sospesi', value: (p) => p.sospeso, total: true },
            { header: 'Totale', value: (p) => p.totale, total: true },
          ]}
        />
      }
    />
  );
}

/** Coupons given, redeemed and expired per month. */
function CouponsFigure({ data }: { data: SessionsReply }) {
  return (
    <Figure
      title="Coupon per mese"
      note="Assegnati, utilizzati e scaduti nel periodo, per mese"
      chart={<CouponsChart coupon={data.coupon} />}
      table={
        <FigureTable
          label="Coupon per mese"
          rows={data.coupon}
          rowKey={(c) => c.mese}
          columns={[
            { header: 'Mese', value: (c) => monthLabel(c.mese) },
            { header: 'Assegnati', value: (c) => c.assegnati, total: true },
            { header: 'Utilizzati', value: (c) => c.utilizzati, total: true },
            { header: 'Scaduti', value: (c) => c.scaduti, total: true },
          ]}
        />
      }
    />
  );
}

/** The resellers that redeemed most in the range. */
function ResellersFigure({ data }: { data: SessionsReply }) {
  return (
    <Figure
      title="Rivenditori con più coupon utilizzati"
      note="Nel periodo, i primi 10"
      chart={<ResellersChart rivenditori={data.rivenditori} />}
      table={
        <FigureTable
          label="Rivenditori con più coupon utilizzati"
          rows={data.rivenditori}
          rowKey={(r) => r.uuid}
          columns={[
            { header: 'Rivenditore', value: (r) => r.ragsoc },
            { header: 'Provincia', value: (r) => r.state },
            { header: 'Coupon utilizzati', value: (r) => r.utilizzati, total: true },
          ]}
        />
      }
    />
  );
}

function Figures({ data }: { data: SessionsReply }) {
  return (
    <ChartsItalian>
      <Grid container spacing={2}>
        <Grid size={12}>
          <LoginsFigure data={data} />
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <ActiveFigure data={data} />
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <ReadsFigure data={data} />
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <StatoFigure data={data} />
        </Grid>
        <Grid size={{ xs: 12, lg: 7 }}>
          <ProvincesFigure data={data} />
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <CouponsFigure data={data} />
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <ResellersFigure data={data} />
        </Grid>
      </Grid>
    </ChartsItalian>
  );
}

/**
 * /admin/sessions ('usage statistics'): how the portal is used in a range (logins, active people,
 * downloads, reads), the registry today, and the coupons per month, each as a chart with its numbers below; the
 * range lives in the URL, and 'Esporta Excel' downloads the same tables as a workbook.
 */
export function UsageStatisticsScreen() {
  const [params, setParams] = useSearchParams();
  const range: SessionsQuery = {};
  const asked = sessionsQuery.safeParse({ dal: params.get('dal') ?? undefined, al: params.get('al') ?? undefined });
  // A hand-edited link the API would refuse falls back to the default range.
  if (asked.success) Object.assign(range, asked.data);
  const stats = useUsageStatistics(range);
  const { download, dialog } = useDownload();
  const shown = { dal: range.dal ?? stats.data?.dal ?? '', al: range.al ?? stats.data?.al ?? '' };

  return (
    <>
      <ListHeading
        title="Statistiche di utilizzo"
        actions={[
          {
            label: 'Esporta Excel',
            primary: true,
            icon: <DownloadIcon />,
            onClick: () =>
              download(
                usageStatisticsExportUrl(stats.data ? { dal: stats.data.dal, al: stats.data.al } : range),
                'Esporta statistiche',
              ),
          },
        ]}
      />
      {stats.data ? (
        <RangeBar
          key={`${shown.dal}|${shown.al}`}
          shown={shown}
          onRange={(r) => setParams(new URLSearchParams(r), { replace: true })}
        />
      ) : null}
      <Box sx={{ height: 4, mb: 1 }}>
        {stats.isFetching && stats.data && <LinearProgress aria-label="Aggiornamento" />}
      </Box>
      {stats.isPending ? (
        <FullPageSpinner />
      ) : stats.data ? (
        <Figures data={stats.data} />
      ) : (
        <LoadError error={stats.error} />
      )}
      {dialog}
    </>
  );
}
