import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import dayjs from 'dayjs';
import { EXPIRING_DAYS } from '@portal/shared/schemas/partners';
import { formatDate } from '../../../lib/formatters.ts';

export type Expiry = 'none' | 'valid' | 'expiring' | 'expired';

/**
 * Where a partner's renewal stands (decision 0006): expired when dtscad is before today, expiring when it falls
 * within EXPIRING_DAYS days from today, valid after that; none without payments.
 */
export function expiryOf(dtscad: string, today: string = dayjs().format('YYYY-MM-DD')): Expiry {
  if (!dtscad) return 'none';
  if (dtscad < today) return 'expired';
  const limit = dayjs(today).add(EXPIRING_DAYS, 'day').format('YYYY-MM-DD');
  return dtscad <= limit ? 'expiring' : 'valid';
}

/** The expiry date dd/mm/yyyy, marked 'Scaduto' (red) or 'In scadenza' (amber) when it needs attention. */
export function ExpiryDate({ dtscad }: { dtscad: string }) {
  const expiry = expiryOf(dtscad);
  if (expiry === 'none') return null;
  return (
    <Stack
      direction="row"
      spacing={0.75}
      sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5, justifyContent: 'inherit' }}
    >
      <span>{formatDate(dtscad)}</span>
      {(expiry === 'expired' || expiry === 'expiring') && (
        <Chip
          size="small"
          color={expiry === 'expired' ? 'error' : 'warning'}
          label={expiry === 'expired' ? 'Scaduto' : 'In scadenza'}
          sx={{ height: 20, fontSize: 11 }}
        />
      )}
    </Stack>
  );
}
