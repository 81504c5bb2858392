import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import type { PartnerProfile } from '@portal/shared/schemas/partners';
import { ImageUpload } from '../../../components/image-upload.tsx';
import { AsideInfo, ProfileAside } from '../../../components/profile-aside.tsx';
import { formatDate, formatMonth } from '../../../lib/formatters.ts';
import { useUploadProfileImage } from '../../images/api/upload-profile-image.ts';
import { ExpiryDate } from './partner-expiry.tsx';
import { partnersKeys } from '../api/partners-keys.ts';

function LogoWithUpload({ partner }: { partner: PartnerProfile }) {
  const upload = useUploadProfileImage(`/api/saveimg/${partner.uuid}/profile`, partnersKeys.all);
  return (
    <ImageUpload
      src={partner.img}
      name={partner.ragsoc}
      onUpload={(file) => upload.mutate(file)}
      uploading={upload.isPending}
    />
  );
}

/**
 * The partner's side panel: the logo with its pencil (once the partner exists, for who may save it), the company,
 * and the renewal figures the payments move (last renewal, expiry flagged when due).
 */
export function PartnerAside({ partner }: { partner: PartnerProfile }) {
  const exists = partner.uuid !== '';
  const period = [
    partner.dtstart && `dal ${formatMonth(partner.dtstart)}`,
    partner.dtend && `al ${formatMonth(partner.dtend)}`,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <ProfileAside
      image={
        exists && partner.editable ? (
          <LogoWithUpload partner={partner} />
        ) : (
          <ImageUpload src={partner.img} name={partner.ragsoc} />
        )
      }
      title={partner.ragsoc || 'Nuovo partner'}
      subtitle={
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Azienda partner
        </Typography>
      }
    >
      {exists ? (
        <>
          <AsideInfo label="Codice" value={partner.code} />
          <AsideInfo label="Partner" value={period} />
          <AsideInfo label="Ultimo rinnovo" value={formatDate(partner.dtrinnovo) || 'Nessun pagamento'} />
          {partner.dtscad && (
            <AsideInfo label="Scadenza rinnovo">
              <Typography variant="body2" component="div">
                <ExpiryDate dtscad={partner.dtscad} />
              </Typography>
            </AsideInfo>
          )}
        </>
      ) : (
        <Alert severity="info" variant="outlined">
          Il logo e i pagamenti si aggiungono dopo aver creato il partner.
        </Alert>
      )}
    </ProfileAside>
  );
}
