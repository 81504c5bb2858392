import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import EmailIcon from '@mui/icons-material/EmailOutlined';
import HandymanIcon from '@mui/icons-material/HandymanOutlined';
import PhoneIcon from '@mui/icons-material/PhoneOutlined';
import PlaceIcon from '@mui/icons-material/PlaceOutlined';
import VerifiedIcon from '@mui/icons-material/VerifiedOutlined';
import type { Me } from '@portal/shared/schemas/me';
import { formatAddress } from '../lib/formatters.ts';
import { PersonAvatar } from './person-avatar.tsx';
import { visuallyHidden } from './visually-hidden.ts';

function Line({ icon, label, children }: { icon: ReactNode; label: string; children: string }) {
  if (!children) return null;
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Box aria-hidden sx={{ display: 'flex', color: 'text.secondary' }}>
        {icon}
      </Box>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {/* The field names are read by screen readers only; sighted users have the icons. */}
        <Box component="span" sx={visuallyHidden}>
          {label}:{' '}
        </Box>
        {children}
      </Typography>
    </Stack>
  );
}

/** Mini profile: image, type icon, name, Posatore + type, contacts. */
export function MiniProfileCard({ me }: { me: Me }) {
  const fullName = [me.name, me.lastname].filter(Boolean).join(' ') || me.ragsoc || me.username;
  const phone = [me.phone, me.cell].filter(Boolean).join(' · ');
  return (
    <Card variant="outlined" component="section" aria-label="Profilo">
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <PersonAvatar src={me.img} name={fullName} size={72} />
          <Box sx={{ minWidth: 0 }}>
            <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
              <Tooltip title={me.destipo || 'Posatore'}>
                <HandymanIcon color="secondary" fontSize="small" aria-label={me.destipo || 'Posatore'} />
              </Tooltip>
              <Typography variant="h6" component="h2" noWrap>
                {fullName}
              </Typography>
              {me.certificato && (
                <Tooltip title="Certificato">
                  <VerifiedIcon color="primary" fontSize="small" aria-label="Certificato" />
                </Tooltip>
              )}
            </Stack>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {['Posatore', me.destipo].filter(Boolean).join(' ')}
            </Typography>
            {me.ragsoc && fullName !== me.ragsoc && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }} noWrap>
                {me.ragsoc}
              </Typography>
            )}
          </Box>
        </Stack>
        <Divider sx={{ my: 2 }} />
        <Stack spacing={1.25}>
          <Line icon={<EmailIcon fontSize="small" />} label="Email">
            {me.email}
          </Line>
          <Line icon={<PhoneIcon fontSize="small" />} label="Telefono">
            {phone}
          </Line>
          <Line icon={<PlaceIcon fontSize="small" />} label="Indirizzo">
            {formatAddress(me)}
          </Line>
        </Stack>
      </CardContent>
    </Card>
  );
}
