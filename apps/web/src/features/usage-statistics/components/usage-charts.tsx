import type { ReactNode } from 'react';
import { BarChart } from '@mui/x-charts/BarChart';
import { ChartsLocalizationProvider } from '@mui/x-charts/ChartsLocalizationProvider';
import { LineChart } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { lighten, useTheme } from '@mui/material/styles';
import type { Role } from '@portal/shared/roles';
import { sessionRoleLabels, sessionRoles, type SessionsReply } from '@portal/shared/schemas/usage-statistics';
import { formatCount } from '../../../lib/formatters.ts';

/** The charts' own words in Italian (MUI X ships no Italian locale for the charts). */
const italian = { loading: 'Caricamento…', noData: 'Nessun dato nel periodo' };

export function ChartsItalian({ children }: { children: ReactNode }) {
  return <ChartsLocalizationProvider localeText={italian}>{children}</ChartsLocalizationProvider>;
}

const HEIGHT = 280;
const count = (v: number | null) => (v === null ? '' : formatCount(v));
/** 2026-11-25 -> 25/11; 2026-11-01 (a month) -> 11/2026. */
export const shortDay = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;
export const monthLabel = (iso: string) => {
  const label = new Date(`${iso}T12:00:00Z`).toLocaleDateString('it-IT', { month: 'short', year: 'numeric' });
  return label.charAt(0).toUpperCase() + label.slice(1);
};

/** The app's colours: each role, each installer stato and each coupon figure always in the same one. */
export function useChartColours() {
  const { palette } = useTheme();
  const role: Record<Role, string> = {
    admin: palette.primary.main,
    capoarea: palette.secondary.main,
    rivenditori: lighten(palette.primary.main, 0.45),
    posatore: palette.warning.main,
  };
  return {
    role,
    stato: { OK: palette.success.main, INCOMPLETO: palette.warning.main, SOSPESO: palette.error.main } as Record<
      string,
      string
    >,
    other: palette.grey[500],
    assegnati: palette.primary.main,
    utilizzati: palette.success.main,
    scaduti: palette.secondary.main,
    download: palette.primary.main,
    letture: palette.secondary.main,
  };
}

type Days = SessionsReply['giorni'];

/** Logins per day, one stacked bar per day, a colour per role. */
export function LoginsChart({ giorni }: { giorni: Days }) {
  const c = useChartColours();
  const dataset = giorni.map((g) => ({ giorno: g.giorno, ...g.accessi }));
  return (
    <BarChart
      height={HEIGHT}
      dataset={dataset}
      xAxis={[{ scaleType: 'band', dataKey: 'giorno', valueFormatter: shortDay, label: 'Giorno' }]}
      yAxis={[{ label: 'Accessi', tickMinStep: 1 }]}
      series={sessionRoles.map((r) => ({
        dataKey: r,
        label: sessionRoleLabels[r],
        stack: 'accessi',
        color: c.role[r],
        valueFormatter: count,
      }))}
      grid={{ horizontal: true }}
    />
  );
}

/** Document downloads and message reads per day, two lines. */
export function ReadsChart({ giorni }: { giorni: Days }) {
  const c = useChartColours();
  return (
    <LineChart
      height={HEIGHT}
      dataset={giorni}
      xAxis={[{ scaleType: 'point', dataKey: 'giorno', valueFormatter: shortDay, label: 'Giorno' }]}
      yAxis={[{ tickMinStep: 1 }]}
      series={[
        { dataKey: 'download', label: 'Download documenti', color: c.download, valueFormatter: count, showMark: false },
        { dataKey: 'letture', label: 'Letture messaggi', color: c.letture, valueFormatter: count, showMark: false },
      ]}
      grid={{ horizontal: true }}
    />
  );
}

/** People active per role over 7 and 30 days, side by side. */
export function ActiveChart({ ruoli }: { ruoli: SessionsReply['ruoli'] }) {
  const { palette } = useTheme();
  const dataset = ruoli.map((r) => ({ ruolo: sessionRoleLabels[r.ruolo], attivi7: r.attivi7, attivi30: r.attivi30 }));
  return (
    <BarChart
      height={HEIGHT}
      dataset={dataset}
      xAxis={[{ scaleType: 'band', dataKey: 'ruolo' }]}
      yAxis={[{ label: 'Persone', tickMinStep: 1 }]}
      series={[
        { dataKey: 'attivi7', label: 'Ultimi 7 giorni', color: palette.secondary.main, valueFormatter: count },
        { dataKey: 'attivi30', label: 'Ultimi 30 giorni', color: palette.primary.main, valueFormatter: count },
      ]}
      grid={{ horizontal: true }}
    />
  );
}

/** Installers by profile stato, a pie. */
export function StatoChart({ stati }: { stati: SessionsReply['posatoriStato'] }) {
  const c = useChartColours();
  return (
    <PieChart
      height={HEIGHT}
      series={[
        {
          data: stati.map((s) => ({ id: s.stato, value: s.n, label: s.label, color: c.stato[s.stato] ?? c.other })),
          innerRadius: 50,
          paddingAngle: 1,
          cornerRadius: 4,
          valueFormatter: (v) => formatCount(v.value),
        },
      ]}
    />
  );
}

/** The provinces with most installers, a horizontal bar each, stacked by stato. */
export function ProvincesChart({ province, top = 15 }: { province: SessionsReply['posatoriProvince']; top?: number }) {
  const c = useChartColours();
  const dataset = province.slice(0, top).map((p) => ({ ...p, nome: p.sigla || '—' }));
  return (
    <BarChart
      height={Math.max(HEIGHT, dataset.length * 26 + 60)}
      layout="horizontal"
      dataset={dataset}
      yAxis={[{ scaleType: 'band', dataKey: 'nome', width: 44 }]}
      xAxis={[{ label: 'Posatori', tickMinStep: 1 }]}
      series={[
        { dataKey: 'ok', label: 'In regola', stack: 'stato', color: c.stato.OK, valueFormatter: count },
        {
          dataKey: 'incompleto',
          label: 'Incompleti',
          stack: 'stato',
          color: c.stato.INCOMPLETO,
          valueFormatter: count,
        },
        { dataKey: 'sospeso', label: 'Sospesi', stack: 'stato', color: c.stato.SOSPESO, valueFormatter: count },
      ]}
      grid={{ vertical: true }}
    />
  );
}

/** Coupons assigned, redeemed and expired per month, grouped. */
export function CouponsChart({ coupon }: { coupon: SessionsReply['coupon'] }) {
  const c = useChartColours();
  return (
    <BarChart
      height={HEIGHT}
      dataset={coupon}
      xAxis={[{ scaleType: 'band', dataKey: 'mese', valueFormatter: monthLabel }]}
      yAxis={[{ label: 'Coupon', tickMinStep: 1 }]}
      series={[
        { dataKey: 'assegnati', label: 'Assegnati', color: c.assegnati, valueFormatter: count },
        { dataKey: 'utilizzati', label: 'Utilizzati', color: c.utilizzati, valueFormatter: count },
        { dataKey: 'scaduti', label: 'Scaduti', color: c.scaduti, valueFormatter: count },
      ]}
      grid={{ horizontal: true }}
    />
  );
}

/** The resellers with most redemptions, a horizontal bar each. */
export function ResellersChart({ rivenditori }: { rivenditori: SessionsReply['rivenditori'] }) {
  const { palette } = useTheme();
  const dataset = rivenditori.map((r) => ({
    ...r,
    nome: r.ragsoc.length > 22 ? `${r.ragsoc.slice(0, 21)}…` : r.ragsoc,
  }));
  return (
    <BarChart
      height={Math.max(HEIGHT, dataset.length * 30 + 60)}
      layout="horizontal"
      dataset={dataset}
      yAxis={[{ scaleType: 'band', dataKey: 'nome', width: 150 }]}
      xAxis={[{ label: 'Coupon utilizzati', tickMinStep: 1 }]}
      series={[
        { dataKey: 'utilizzati', label: 'Coupon utilizzati', color: palette.success.main, valueFormatter: count },
      ]}
      hideLegend
      grid={{ vertical: true }}
    />
  );
}
