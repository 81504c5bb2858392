import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import type { PosatoreProfile } from '@portal/shared/schemas/posatori';
import { reportUrl } from '@portal/shared/schemas/reports';
import { ImageUpload } from '../../../components/image-upload.tsx';
import { usePdfReport } from '../../../components/pdf-report-dialog.tsx';
import { AsideInfo, ProfileAside } from '../../../components/profile-aside.tsx';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { accountStatoTitle, StatusDot } from '../../../components/status-dot.tsx';
import { AccountPanel } from '../../auth/components/account-panel.tsx';
import { useCombo } from '../../combos/api/get-combo.ts';
import { useUploadProfileImage, type ProfileImagePath } from '../../images/api/upload-profile-image.ts';
import { CertificateIcon, ProfileStatoChip } from './posatore-cells.tsx';
import { SuspensionButton, useInstallerDecisions } from './installer-decisions.tsx';
import { posatoriKeys } from '../api/posatori-keys.ts';
import { isErasedPerson } from '@portal/shared/schemas/privacy';
import { ErasePersonButton } from '../../privacy/components/erase-person-button.tsx';
import { ErasedNote } from '../../privacy/components/erased-note.tsx';
import { MyDataExportButton } from '../../privacy/components/my-data-export-button.tsx';

function ImageWithUpload({ profile, path, name }: { profile: PosatoreProfile; path: ProfileImagePath; name: string }) {
  const upload = useUploadProfileImage(path, posatoriKeys.all);
  return (
    <ImageUpload src={profile.img} name={name} onUpload={(file) => upload.mutate(file)} uploading={upload.isPending} />
  );
}

/**
 * The admin's controls: the account (reset or activation, the login switch) and the suspension. An erased
 * installer keeps only the figures: nothing is left to send, switch, lift or erase.
 */
function AdminControls({ profile, name }: { profile: PosatoreProfile; name: string }) {
  if (isErasedPerson(profile.name, profile.username !== '')) return <ErasedNote />;
  return <LiveAdminControls profile={profile} name={name} />;
}

function LiveAdminControls({ profile, name }: { profile: PosatoreProfile; name: string }) {
  const { confirm, dialog } = useConfirm();
  const decisions = useInstallerDecisions(confirm);
  return (
    <>
      <AccountPanel
        uuid={profile.uuid}
        username={profile.username}
        stato={profile.userstato}
        manage={{ statoPath: `/api/posatori/${profile.uuid}/accesso`, ownerKey: posatoriKeys.all }}
      />
      <SuspensionButton
        installer={{ uuid: profile.uuid, name, stato: profile.stato, userstato: profile.userstato }}
        decisions={decisions}
      />
      <ErasePersonButton entity="posatore" id={profile.uuid} name={name} ownerKey={posatoriKeys.all} />
      {dialog}
    </>
  );
}

/**
 * The image side panel of the installer profile: the image with the pencil (when the viewer may change it), the
 * certificate icon, and what the form does not edit (code, user, states); for the admin (manage) the account's
 * and the suspension's controls.
 */
export function ProfileSidePanel({
  profile,
  imagePath,
  manage = false,
  own = false,
}: {
  profile: PosatoreProfile;
  imagePath: ProfileImagePath | null;
  manage?: boolean;
  /** The installer's own profile: 'Scarica i miei dati'. */
  own?: boolean;
}) {
  const stati = useCombo('cbostato');
  const name = [profile.name, profile.lastname].filter(Boolean).join(' ') || profile.ragsoc;
  const pdf = usePdfReport();
  return (
    <>
      <ProfileAside
        image={
          imagePath ? (
            <ImageWithUpload profile={profile} path={imagePath} name={name} />
          ) : (
            <ImageUpload src={profile.img} name={name} />
          )
        }
        title={name}
        titleAdornment={<CertificateIcon certified={profile.certificato} />}
        subtitle={
          <>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {['Posatore', profile.destipo].filter(Boolean).join(' ')}
            </Typography>
            {profile.certificato && (
              <Typography variant="body2" sx={{ color: 'primary.main' }}>
                Certificato
              </Typography>
            )}
          </>
        }
      >
        <AsideInfo label="Codice" value={profile.code} />
        {profile.stato !== 'OK' && (
          <Box>
            <ProfileStatoChip stato={profile.stato} stati={stati.data ?? []} />
          </Box>
        )}
        {manage ? (
          <AdminControls profile={profile} name={name} />
        ) : (
          <>
            <AsideInfo label="Utente" value={profile.username} />
            <AsideInfo label="Accesso">
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <StatusDot stato={profile.userstato} />
                <Typography variant="body2">{accountStatoTitle(profile.userstato)}</Typography>
              </Stack>
            </AsideInfo>
          </>
        )}
        <Button
          variant="outlined"
          size="small"
          startIcon={<PdfIcon />}
          onClick={() => pdf.show(reportUrl('posatore', profile.uuid), `Scheda posatore · ${name}`)}
          sx={{ alignSelf: 'flex-start' }}
        >
          Scheda PDF
        </Button>
        {own && <MyDataExportButton />}
      </ProfileAside>
      {pdf.dialog}
    </>
  );
}
