import Grid from '@mui/material/Grid';
import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import EngineeringIcon from '@mui/icons-material/EngineeringOutlined';
import { PageTitle } from '../../../components/page-title.tsx';
import { PersonAvatar } from '../../../components/person-avatar.tsx';
import { usePosatori4riHome } from '../../../features/home/api/get-home.ts';
import { DayStrip } from '../../../features/home/components/day-strip.tsx';
import { InfoTile } from '../../../features/home/components/info-tile.tsx';
import { MiniList } from '../../../features/home/components/mini-list.tsx';
import { failedToLoad, LoadError } from '../../../components/load-error.tsx';

/** /rivenditori: the reseller's installers and the coupons used at their counter, the latest installers. */
export function RivenditoriHomePage() {
  const home = usePosatori4riHome();
  const data = home.data;
  return (
    <>
      <PageTitle title="Home" />
      {failedToLoad(home) && <LoadError error={home.error} sx={{ mb: 2 }} />}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <InfoTile icon={<EngineeringIcon />} value={data?.cposatori} label="Posatori" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <InfoTile icon={<ConfirmationNumberIcon />} value={data?.ccopoun} label="Coupon utilizzati" />
        </Grid>
        <Grid size={{ xs: 12, lg: 7 }}>
          <MiniList
            title="Ultimi posatori"
            empty="Nessun posatore assegnato"
            items={data?.data.map((p) => ({
              key: p.uuid,
              to: `/rivenditori/posatori/${p.uuid}`,
              primary: p.descri,
              secondary: [p.destipo, p.prov].filter(Boolean).join(' · '),
              start: <PersonAvatar src={p.img} name={p.descri} size={32} />,
            }))}
          />
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <DayStrip />
        </Grid>
      </Grid>
    </>
  );
}
