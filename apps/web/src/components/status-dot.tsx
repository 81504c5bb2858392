import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';

/** Account states (spec section 4) and 'none' for a registry row that has no login yet. */
export type AccountStato = 'active' | 'disabled' | 'requested' | 'none';

const looks: Record<AccountStato, { title: string; color: string }> = {
  active: { title: 'Attivo', color: 'success.main' },
  disabled: { title: 'Disattivato', color: 'error.main' },
  requested: { title: 'Richiesta Inviata', color: 'warning.main' },
  none: { title: 'Nessun accesso', color: 'grey.400' },
};

export function accountStatoTitle(stato: AccountStato): string {
  return looks[stato].title;
}

/** The status dot of the registries: a coloured dot whose title (and accessible name) is the state. */
export function StatusDot({ stato }: { stato: AccountStato }) {
  const { title, color } = looks[stato];
  return (
    <Tooltip title={title}>
      <Box
        component="span"
        role="img"
        aria-label={title}
        sx={{ display: 'inline-block', width: 12, height: 12, borderRadius: '50%', bgcolor: color, flexShrink: 0 }}
      />
    </Tooltip>
  );
}
