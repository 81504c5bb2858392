import Grid from '@mui/material/Grid';
import BarChartIcon from '@mui/icons-material/BarChartOutlined';
import CampaignIcon from '@mui/icons-material/CampaignOutlined';
import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import EngineeringIcon from '@mui/icons-material/EngineeringOutlined';
import EventBusyIcon from '@mui/icons-material/EventBusyOutlined';
import GroupsIcon from '@mui/icons-material/GroupsOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import { PageTitle } from '../../../components/page-title.tsx';
import { useStatoHome } from '../../../features/home/api/get-home.ts';
import { BigLink } from '../../../features/home/components/big-link.tsx';
import { DayStrip } from '../../../features/home/components/day-strip.tsx';
import { InfoTile } from '../../../features/home/components/info-tile.tsx';
import { MonthCalendar } from '../../../features/home/components/month-calendar.tsx';
import { failedToLoad, LoadError } from '../../../components/load-error.tsx';

/**
 * /admin: Coupon utilizzati, Posatori registrati, Coupon Scaduti and Partecipanti ai convegni
 * (fixed at 0), the 12-day strip and the month calendar, and big links to the import, a new communication and the
 * statistics.
 */
export function AdminHomePage() {
  const home = useStatoHome();
  const figures = home.data;
  const tiles = [
    { label: 'Coupon utilizzati', value: figures?.cusati, icon: <ConfirmationNumberIcon /> },
    { label: 'Posatori registrati', value: figures?.cposatori, icon: <EngineeringIcon /> },
    { label: 'Coupon Scaduti', value: figures?.cscad, icon: <EventBusyIcon /> },
    { label: 'Partecipanti ai convegni', value: figures ? 0 : undefined, icon: <GroupsIcon /> },
  ];
  return (
    <>
      <PageTitle title="Home" />
      {failedToLoad(home) && <LoadError error={home.error} sx={{ mb: 2 }} />}
      <Grid container spacing={2}>
        {tiles.map((tile) => (
          <Grid key={tile.label} size={{ xs: 12, sm: 6, lg: 3 }}>
            <InfoTile icon={tile.icon} value={home.isError ? 0 : tile.value} label={tile.label} />
          </Grid>
        ))}
        <Grid size={{ xs: 12, lg: 8 }}>
          <DayStrip />
          <Grid container spacing={2} sx={{ mt: 2 }}>
            <Grid size={{ xs: 12, sm: 4 }}>
              <BigLink to="/admin/importazione" icon={<UploadFileIcon fontSize="large" />} label="Importazione" />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <BigLink to="/admin/newcomm" icon={<CampaignIcon fontSize="large" />} label="Nuova comunicazione" />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <BigLink to="/admin/sessions" icon={<BarChartIcon fontSize="large" />} label="Statistiche di utilizzo" />
            </Grid>
          </Grid>
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <MonthCalendar />
        </Grid>
      </Grid>
    </>
  );
}
