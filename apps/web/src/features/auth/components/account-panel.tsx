import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import BlockIcon from '@mui/icons-material/BlockOutlined';
import LockOpenIcon from '@mui/icons-material/LockOpenOutlined';
import type { QueryKey } from '@tanstack/react-query';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { AsideInfo } from '../../../components/profile-aside.tsx';
import { accountStatoTitle, StatusDot, type AccountStato } from '../../../components/status-dot.tsx';
import { showToast } from '../../../lib/toast-store.ts';
import { useSetAccountStato, type StatoPath } from '../api/set-account-stato.ts';
import { ResetIcon, resetLabel, useSendReset } from './account-reset.tsx';

type AccountPanelProps = {
  uuid: string;
  /** Read-only: the login name ('' before the account exists). */
  username: string;
  stato: AccountStato;
  /** The admin's controls (reset or activation, disable or re-enable); absent on one's own profile. */
  manage?: { statoPath: StatoPath; ownerKey: QueryKey } | undefined;
};

/**
 * The account of an area manager or reseller in the side panel: user name and status (Attivo, Disattivato,
 * Richiesta Inviata) and, for the admin, the reset / activation e-mail and the switch that disables the login
 * (the person is logged out at once) or gives it back, each after a confirmation.
 */
export function AccountPanel({ uuid, username, stato, manage }: AccountPanelProps) {
  return (
    <>
      <AsideInfo label="Utente" value={username} />
      <AsideInfo label="Accesso">
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <StatusDot stato={stato} />
          <Typography variant="body2">{accountStatoTitle(stato)}</Typography>
        </Stack>
      </AsideInfo>
      {manage && <AccountControls uuid={uuid} stato={stato} {...manage} />}
    </>
  );
}

export const accessLabel = (disabled: boolean) => (disabled ? 'Riattiva accesso' : 'Disattiva accesso');

/**
 * The login switch, for the panel and the installer list's row menu alike: asks first, then disables (the person
 * is logged out at once) or gives the access back. ownerKey: the registry's queries, refreshed after.
 */
export function useAccessSwitch(confirm: (message: string) => Promise<boolean>, ownerKey: QueryKey) {
  const setStato = useSetAccountStato(ownerKey);
  const toggle = async (path: StatoPath, stato: AccountStato) => {
    const disabled = stato === 'disabled';
    const question = disabled ? 'Confermi la riattivazione dell’accesso?' : 'Confermi la disattivazione dell’accesso?';
    if (!(await confirm(question))) return;
    setStato.mutate(
      { path, stato: disabled ? 'active' : 'disabled' },
      { onSuccess: () => showToast(disabled ? 'Accesso riattivato' : 'Accesso disattivato', 'success') },
    );
  };
  return { toggle, pending: setStato.isPending };
}

function AccountControls({
  uuid,
  stato,
  statoPath,
  ownerKey,
}: {
  uuid: string;
  stato: AccountStato;
  statoPath: StatoPath;
  ownerKey: QueryKey;
}) {
  const { confirm, dialog } = useConfirm();
  const reset = useSendReset(confirm, ownerKey);
  const access = useAccessSwitch(confirm, ownerKey);
  const disabled = stato === 'disabled';

  return (
    <Stack spacing={1} sx={{ pt: 0.5 }}>
      {/* Available in every state (a link that sets a password also gives the access back). */}
      <Button
        variant="outlined"
        size="small"
        startIcon={<ResetIcon stato={stato} />}
        loading={reset.pending}
        onClick={() => void reset.send(uuid, stato)}
      >
        {resetLabel(stato)}
      </Button>
      {stato !== 'none' && (
        <Button
          variant="outlined"
          size="small"
          color={disabled ? 'primary' : 'error'}
          startIcon={disabled ? <LockOpenIcon /> : <BlockIcon />}
          loading={access.pending}
          onClick={() => void access.toggle(statoPath, stato)}
        >
          {accessLabel(disabled)}
        </Button>
      )}
      {dialog}
    </Stack>
  );
}
