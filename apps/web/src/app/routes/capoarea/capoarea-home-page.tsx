import Grid from '@mui/material/Grid';
import BusinessIcon from '@mui/icons-material/BusinessOutlined';
import EventBusyIcon from '@mui/icons-material/EventBusyOutlined';
import StorefrontIcon from '@mui/icons-material/StorefrontOutlined';
import { usePartnerCa2 } from '../../../features/home/api/get-home.ts';
import { HomeLayout } from '../../../features/home/components/home-layout.tsx';
import { InfoTile } from '../../../features/home/components/info-tile.tsx';
import { MiniList } from '../../../features/home/components/mini-list.tsx';
import { ExpiryDate } from '../../../features/partners/components/partner-expiry.tsx';

/**
 * /capoarea: the companies, resellers and expired companies of the area, and the partners about
 * to expire (their renewal within 30 days, the same rule as the partner list's marks).
 */
export function CapoareaHomePage() {
  const home = usePartnerCa2();
  const data = home.data;
  return (
    <HomeLayout home={home}>
      <Grid size={{ xs: 12, sm: 4 }}>
        <InfoTile icon={<BusinessIcon />} value={data?.caziende} label="Aziende partner" />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <InfoTile icon={<StorefrontIcon />} value={data?.criv} label="Rivenditori" />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <InfoTile icon={<EventBusyIcon />} value={data?.caziendescad} label="Aziende scadute" />
      </Grid>
      <Grid size={{ xs: 12, lg: 7 }}>
        <MiniList
          title="Partner in scadenza"
          empty="Nessun partner in scadenza nei prossimi 30 giorni"
          items={data?.data.map((p) => ({
            key: p.uuid,
            to: `/capoarea/partner/${p.uuid}`,
            primary: p.ragsoc || p.code,
            secondary: (
              <>
                {p.prov} · scadenza <ExpiryDate dtscad={p.dtscad} />
              </>
            ),
          }))}
        />
      </Grid>
    </HomeLayout>
  );
}
