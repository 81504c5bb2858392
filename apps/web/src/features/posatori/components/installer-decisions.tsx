import Button from '@mui/material/Button';
import BlockIcon from '@mui/icons-material/BlockOutlined';
import LockOpenIcon from '@mui/icons-material/LockOpenOutlined';
import PauseCircleIcon from '@mui/icons-material/PauseCircleOutlined';
import PlayCircleIcon from '@mui/icons-material/PlayCircleOutlined';
import type { AccountStato } from '@portal/shared/schemas/posatori';
import type { RowAction } from '../../../components/row-menu.tsx';
import { showToast } from '../../../lib/toast-store.ts';
import { accessLabel, useAccessSwitch } from '../../auth/components/account-panel.tsx';
import { useSetSospensione } from '../api/set-sospensione.ts';
import { posatoriKeys } from '../api/posatori-keys.ts';

/** What the admin decides about an installer: the profile (suspended or not) and the login (on or off). */
type Installer = { uuid: string; name: string; stato: string; userstato: AccountStato };

const suspendQuestion = (name: string) =>
  `Confermi la sospensione di ${name}? Finché è sospeso vedrà solo la Home e il proprio profilo.`;
const reinstateQuestion = (name: string) => `Confermi il reintegro di ${name}?`;

/**
 * Suspend / reinstate and disable / re-enable the login of an installer, each after a
 * confirmation, for the list's row menu and the profile's side panel alike. confirm: the screen's yes/no dialog.
 */
export function useInstallerDecisions(confirm: (message: string) => Promise<boolean>) {
  const sospensione = useSetSospensione();
  const access = useAccessSwitch(confirm, posatoriKeys.all);

  const toggleSuspension = async ({ uuid, name, stato }: Installer) => {
    const sospeso = stato !== 'SOSPESO';
    if (!(await confirm(sospeso ? suspendQuestion(name) : reinstateQuestion(name)))) return;
    sospensione.mutate(
      { id: uuid, sospeso },
      { onSuccess: () => showToast(sospeso ? 'Posatore sospeso' : 'Posatore reintegrato', 'success') },
    );
  };

  /** The row menu's two entries; the login switch only for an installer who has a login. */
  const rowActions = (installer: Installer): RowAction[] => [
    {
      label: installer.stato === 'SOSPESO' ? 'Reintegra' : 'Sospendi',
      icon: installer.stato === 'SOSPESO' ? <PlayCircleIcon fontSize="small" /> : <PauseCircleIcon fontSize="small" />,
      onClick: () => void toggleSuspension(installer),
    },
    ...(installer.userstato === 'none'
      ? []
      : [
          {
            label: accessLabel(installer.userstato === 'disabled'),
            icon:
              installer.userstato === 'disabled' ? <LockOpenIcon fontSize="small" /> : <BlockIcon fontSize="small" />,
            onClick: () => void access.toggle(`/api/posatori/${installer.uuid}/accesso`, installer.userstato),
          },
        ]),
  ];

  return { rowActions, toggleSuspension, suspending: sospensione.isPending };
}

/** The side panel's button: Sospendi posatore / Reintegra posatore. */
export function SuspensionButton({
  installer,
  decisions,
}: {
  installer: Installer;
  decisions: ReturnType<typeof useInstallerDecisions>;
}) {
  const suspended = installer.stato === 'SOSPESO';
  return (
    <Button
      variant="outlined"
      size="small"
      color={suspended ? 'primary' : 'error'}
      startIcon={suspended ? <PlayCircleIcon /> : <PauseCircleIcon />}
      loading={decisions.suspending}
      onClick={() => void decisions.toggleSuspension(installer)}
    >
      {suspended ? 'Reintegra posatore' : 'Sospendi posatore'}
    </Button>
  );
}
