import Grid from '@mui/material/Grid';
import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import EngineeringIcon from '@mui/icons-material/EngineeringOutlined';
import { PersonAvatar } from '../../../components/person-avatar.tsx';
import { usePosatori4riHome } from '../../../features/home/api/get-home.ts';
import { HomeLayout } from '../../../features/home/components/home-layout.tsx';
import { InfoTile } from '../../../features/home/components/info-tile.tsx';
import { MiniList } from '../../../features/home/components/mini-list.tsx';

/** /rivenditori: the reseller's installers and the coupons used at their counter, the latest installers. */
export function RivenditoriHomePage() {
  const home = usePosatori4riHome();
  const data = home.data;
  return (
    <HomeLayout home={home}>
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
    </HomeLayout>
  );
}
