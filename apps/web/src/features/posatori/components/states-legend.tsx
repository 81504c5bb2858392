import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ComboOption } from '@portal/shared/schemas/combos';
import { accountStati } from '@portal/shared/schemas/posatori';
import { StatusDotLegend } from '../../../components/status-dot.tsx';
import { ProfileStatoChip } from './posatore-cells.tsx';

/**
 * The installer list's legend: an installer has two states, each with its own sign and its own filter. The dot is
 * the login (Accesso); the label beside the name is the profile (Profilo), shown only when it is not in order.
 */
export function StatesLegend({ stati }: { stati: readonly ComboOption[] }) {
  const inOrder = stati.find((option) => option.value === 'OK')?.label ?? 'In regola';
  return (
    <Box
      component="section"
      aria-label="Legenda degli stati"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        columnGap: 2,
        rowGap: 0.75,
        mb: 1.5,
        color: 'text.secondary',
        typography: 'body2',
      }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, rowGap: 0.5 }}>
        <Typography variant="body2" component="span" sx={{ fontWeight: 500, color: 'text.primary' }}>
          Accesso:
        </Typography>
        <StatusDotLegend states={accountStati} />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}>
        <Typography variant="body2" component="span" sx={{ fontWeight: 500, color: 'text.primary' }}>
          Profilo:
        </Typography>
        <ProfileStatoChip stato="INCOMPLETO" stati={stati} />
        <ProfileStatoChip stato="SOSPESO" stati={stati} />
        <span>senza etichetta: {inOrder.toLowerCase()}</span>
      </Box>
    </Box>
  );
}
