import KeyIcon from '@mui/icons-material/KeyOutlined';
import SendIcon from '@mui/icons-material/SendOutlined';
import type { QueryKey } from '@tanstack/react-query';
import { msg } from '@portal/shared/messages-it';
import type { RowAction } from '../../../components/row-menu.tsx';
import type { AccountStato } from '../../../components/status-dot.tsx';
import { showToast } from '../../../lib/toast-store.ts';
import { useAdminResetPassword } from '../api/admin-reset-password.ts';

/** The action is the same in every state; its label follows the account state. */
export function resetLabel(stato: AccountStato): string {
  return stato === 'active' ? 'Reimposta password' : 'Manda attivazione';
}

export function ResetIcon({ stato }: { stato: AccountStato }) {
  return stato === 'active' ? <KeyIcon fontSize="small" /> : <SendIcon fontSize="small" />;
}

/**
 * The admin's reset / activation e-mail: asks 'Confermi Reimpostazione password?' (with the screen's confirm), sends,
 * and says which e-mail went. ownerKey: the registry's queries, refreshed (the status dot may change).
 */
export function useSendReset(confirm: (message: string) => Promise<boolean>, ownerKey: QueryKey) {
  const reset = useAdminResetPassword(ownerKey);
  const send = async (uuid: string, stato: AccountStato) => {
    if (!(await confirm(msg.confermaResetPassword))) return;
    reset.mutate(uuid, {
      onSuccess: () =>
        showToast(
          stato === 'active'
            ? 'Email di reimpostazione password inviata'
            : stato === 'disabled'
              ? 'Email inviata: l’accesso resta disattivato finché non lo riattivi'
              : 'Email di attivazione inviata',
          'success',
        ),
    });
  };
  /** The row menu's entry for the account, labelled after its state. */
  const action = (uuid: string, stato: AccountStato): RowAction => ({
    label: resetLabel(stato),
    icon: <ResetIcon stato={stato} />,
    onClick: () => void send(uuid, stato),
  });
  return { send, action, pending: reset.isPending };
}
