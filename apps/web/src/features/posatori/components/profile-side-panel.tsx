import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PosatoreProfile } from '@portal/shared/schemas/posatori';
import { ImageUpload } from '../../../components/image-upload.tsx';
import { accountStatoTitle, StatusDot } from '../../../components/status-dot.tsx';
import { useCombo } from '../../combos/api/get-combo.ts';
import { useUploadProfileImage, type ProfileImagePath } from '../../images/api/upload-profile-image.ts';
import { CertificateIcon, ProfileStatoChip } from './posatore-cells.tsx';

function Info({ label, value }: { label: string; value: string }) {
  if (!value) return null;
  return (
    <Box>
      <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

function ImageWithUpload({ profile, path, name }: { profile: PosatoreProfile; path: ProfileImagePath; name: string }) {
  const upload = useUploadProfileImage(path);
  return (
    <ImageUpload src={profile.img} name={name} onUpload={(file) => upload.mutate(file)} uploading={upload.isPending} />
  );
}

/**
 * The image side panel of the profile screens: the image with the pencil that uploads a new one (when the viewer
 * may), the certificate icon, and what the form does not edit (code, user, states).
 */
export function ProfileSidePanel({
  profile,
  imagePath,
}: {
  profile: PosatoreProfile;
  imagePath: ProfileImagePath | null;
}) {
  const stati = useCombo('cbostato');
  const name = [profile.name, profile.lastname].filter(Boolean).join(' ') || profile.ragsoc;
  return (
    <Paper variant="outlined" component="aside" aria-label="Immagine del profilo" sx={{ p: { xs: 2, md: 3 } }}>
      <Stack spacing={2} sx={{ alignItems: { xs: 'flex-start', sm: 'center', md: 'center' } }}>
        <Box
          sx={{
            display: 'flex',
            gap: 2,
            alignItems: 'center',
            flexDirection: { xs: 'row', md: 'column' },
            width: '100%',
            justifyContent: { sm: 'center' },
          }}
        >
          {imagePath ? (
            <ImageWithUpload profile={profile} path={imagePath} name={name} />
          ) : (
            <ImageUpload src={profile.img} name={name} />
          )}
          <Box sx={{ textAlign: { xs: 'left', md: 'center' }, minWidth: 0 }}>
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', justifyContent: { md: 'center' } }}>
              <Typography variant="h6" component="p" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                {name}
              </Typography>
              <CertificateIcon certified={profile.certificato} />
            </Stack>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {['Posatore', profile.destipo].filter(Boolean).join(' ')}
            </Typography>
            {profile.certificato && (
              <Typography variant="body2" sx={{ color: 'primary.main' }}>
                Certificato
              </Typography>
            )}
          </Box>
        </Box>
        <Divider flexItem />
        <Stack spacing={1.25} sx={{ width: '100%' }}>
          <Info label="Codice" value={profile.code} />
          <Info label="Utente" value={profile.username} />
          <Box>
            <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
              Accesso
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <StatusDot stato={profile.userstato} />
              <Typography variant="body2">{accountStatoTitle(profile.userstato)}</Typography>
            </Stack>
          </Box>
          {profile.stato !== 'OK' && (
            <Box>
              <ProfileStatoChip stato={profile.stato} stati={stati.data ?? []} />
            </Box>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
