import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import AddIcon from '@mui/icons-material/Add';
import ToggleOffIcon from '@mui/icons-material/ToggleOffOutlined';
import ToggleOnIcon from '@mui/icons-material/ToggleOnOutlined';
import { msg } from '@portal/shared/messages-it';
import type { CouponTypeRow } from '@portal/shared/schemas/coupons';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { ListCount, ListHeading } from '../../../components/list-heading.tsx';
import { deleteAction, editAction, type RowAction, RowMenu } from '../../../components/row-menu.tsx';
import { errorReason } from '../../../lib/api-error.ts';
import { formatCount, formatEuro } from '../../../lib/formatters.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { useCouponTypes, useDeleteCouponType, useToggleCouponType } from '../api/coupon-types.ts';
import { failedToLoad, LoadError } from '../../../components/load-error.tsx';

/** The type's colour as a small swatch, with its hex for screen readers. */
export function ColourSwatch({ colour }: { colour: string }) {
  return (
    <Box
      role="img"
      aria-label={`Colore ${colour}`}
      sx={{ width: 20, height: 20, borderRadius: 1, bgcolor: colour, border: 1, borderColor: 'divider' }}
    />
  );
}

const columns: Column<CouponTypeRow>[] = [
  { key: 'colore', header: 'Colore', hideHeader: true, width: 20, render: (t) => <ColourSwatch colour={t.colore} /> },
  {
    key: 'tipo',
    header: 'Tipo',
    render: (t) => (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <span>{t.tipo}</span>
        {t.disattiva && <Chip label="DISATTIVO" size="small" color="default" variant="outlined" />}
      </Box>
    ),
  },
  { key: 'valore', header: 'Valore', align: 'right', width: 120, render: (t) => formatEuro(t.valore) },
  { key: 'descri', header: 'Descrizione', hideBelow: 'md', render: (t) => t.descri },
  { key: 'mesi', header: 'Validità', hideBelow: 'sm', width: 110, render: (t) => `${t.mesi} mesi` },
  { key: 'ccoupon', header: 'Coupon', align: 'right', width: 90, render: (t) => formatCount(t.ccoupon) },
];

/**
 * /admin/tcoupons: type, value, description, colour, coupon count and the DISATTIVO flag. A type
 * with coupons switches between Attiva and Disattiva; one without can be deleted, after a confirmation.
 */
export function CouponTypesScreen() {
  const navigate = useNavigate();
  const types = useCouponTypes(true);
  const toggle = useToggleCouponType();
  const remove = useDeleteCouponType();
  const { confirm, dialog } = useConfirm();

  const actionsOf = (t: CouponTypeRow): RowAction[] => {
    const actions: RowAction[] = [editAction(() => navigate(`/admin/edittcoupon/${t.uuid}`))];
    if (t.ccoupon > 0 || t.disattiva) {
      actions.push({
        label: t.disattiva ? 'Attiva' : 'Disattiva',
        icon: t.disattiva ? <ToggleOnIcon fontSize="small" /> : <ToggleOffIcon fontSize="small" />,
        onClick: () =>
          toggle.mutate(
            { id: t.uuid, disable: !t.disattiva },
            {
              onSuccess: () => showToast(t.disattiva ? 'Tipo coupon attivato' : 'Tipo coupon disattivato', 'success'),
              onError: (error) => showToast(errorReason(error, msg.erroreSalvataggio)),
            },
          ),
      });
    }
    if (t.ccoupon === 0) {
      actions.push(
        deleteAction(
          () =>
            void confirm(`Confermi l'eliminazione del tipo coupon ${t.tipo}?`).then((yes) => {
              if (!yes) return;
              remove.mutate(t.uuid, {
                onSuccess: () => showToast('Tipo coupon eliminato', 'success'),
                onError: (error) => showToast(errorReason(error, msg.erroreSalvataggio)),
              });
            }),
        ),
      );
    }
    return actions;
  };

  return (
    <>
      <ListHeading
        title="Tipi coupon"
        actions={[
          { label: 'Aggiungi tipo', icon: <AddIcon />, primary: true, onClick: () => navigate('/admin/newtcoupon') },
        ]}
      />
      <ListCount count={types.data?.length} noun={['tipo coupon', 'tipi coupon']} failed={types.isError} />
      {failedToLoad(types) ? (
        <LoadError error={types.error} />
      ) : (
        <DataTable
          label="Elenco tipi coupon"
          rows={types.data ?? []}
          columns={columns}
          rowKey={(t) => t.uuid}
          rowLabel={(t) => t.tipo}
          rowActions={(t) => <RowMenu label={`Azioni per ${t.tipo}`} actions={actionsOf(t)} />}
          loading={types.isFetching}
          emptyText="Nessun tipo coupon: aggiungine uno"
        />
      )}
      {dialog}
    </>
  );
}
