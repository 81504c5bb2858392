import Button from '@mui/material/Button';
import DeleteForeverIcon from '@mui/icons-material/DeleteForeverOutlined';
import type { QueryKey } from '@tanstack/react-query';
import type { PrivacyEntity } from '@portal/shared/schemas/privacy';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { showToast } from '../../../lib/toast-store.ts';
import { useErasePerson } from '../api/erase-person.ts';

/** The question names the person and says what stays, since nothing brings the data back. */
export const eraseQuestion = (name: string) =>
  `Confermi la cancellazione dei dati personali di ${name}? Account, dati del profilo e immagini saranno eliminati ` +
  'definitivamente; comunicazioni e coupon resteranno senza il suo nome. L’operazione non si può annullare.';

/**
 * The admin's 'Cancella dati personali' on a person's page (installer, area manager, reseller), after a confirmation
 * naming them: the right to erasure (GDPR art. 17, docs/decisions/0028).
 */
export function ErasePersonButton({
  entity,
  id,
  name,
  ownerKey,
}: {
  entity: PrivacyEntity;
  id: string;
  name: string;
  ownerKey: QueryKey;
}) {
  const { confirm, dialog } = useConfirm();
  const erase = useErasePerson(ownerKey);
  const onClick = async () => {
    if (!(await confirm(eraseQuestion(name)))) return;
    erase.mutate({ entity, id }, { onSuccess: () => showToast(`Dati personali di ${name} cancellati`, 'success') });
  };
  return (
    <>
      <Button
        variant="outlined"
        size="small"
        color="error"
        startIcon={<DeleteForeverIcon />}
        loading={erase.isPending}
        onClick={() => void onClick()}
        sx={{ alignSelf: 'flex-start' }}
      >
        Cancella dati personali
      </Button>
      {dialog}
    </>
  );
}
