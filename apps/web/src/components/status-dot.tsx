import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import { accountStatoLabels, type AccountStato } from '@portal/shared/schemas/posatori';

export type { AccountStato };

/** Account states and 'none' for a registry row that has no login yet. */
const colors: Record<AccountStato, string> = {
  active: 'success.main',
  disabled: 'error.main',
  requested: 'warning.main',
  none: 'grey.400',
};

export function accountStatoTitle(stato: AccountStato): string {
  return accountStatoLabels[stato];
}

/** The status dot of the registries: a coloured dot whose title (and accessible name) is the state. */
export function StatusDot({ stato }: { stato: AccountStato }) {
  const title = accountStatoLabels[stato];
  return (
    <Tooltip title={title}>
      <Box
        component="span"
        role="img"
        aria-label={title}
        sx={{
          display: 'inline-block',
          width: 12,
          height: 12,
          borderRadius: '50%',
          bgcolor: colors[stato],
          flexShrink: 0,
        }}
      />
    </Tooltip>
  );
}

/** The dot's colours explained, beside the lists that show it. */
export function StatusDotLegend({ states }: { states: readonly AccountStato[] }) {
  return (
    <>
      {states.map((stato) => (
        <Box key={stato} component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
          <Box
            component="span"
            aria-hidden
            sx={{ display: 'inline-block', width: 10, height: 10, borderRadius: '50%', bgcolor: colors[stato] }}
          />
          {accountStatoLabels[stato]}
        </Box>
      ))}
    </>
  );
}
