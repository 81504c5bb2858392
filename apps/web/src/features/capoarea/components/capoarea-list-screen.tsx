import { useLocation, useNavigate } from 'react-router';
import AddIcon from '@mui/icons-material/Add';
import { msg } from '@portal/shared/messages-it';
import { capoareaQuery, type CapoareaRow } from '@portal/shared/schemas/capoarea';
import { QueryComboSelect } from '../../../components/combo-select.tsx';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { FilterBar } from '../../../components/filter-bar.tsx';
import { avatarColumn, NameCaption, NameCell, NameLink } from '../../../components/list-cells.tsx';
import { AfterFirstPaint } from '../../../components/after-first-paint.tsx';
import { ListCount, ListHeading } from '../../../components/list-heading.tsx';
import { PageCorrection, Pager } from '../../../components/pager.tsx';
import { deleteAction, editAction, RowMenu, type RowAction } from '../../../components/row-menu.tsx';
import { StatusDot } from '../../../components/status-dot.tsx';
import { TextFilter } from '../../../components/text-filter.tsx';
import { rowLink, toListQuery, useListSearchParams } from '../../../lib/list-search-params.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { useSendReset } from '../../auth/components/account-reset.tsx';
import { useCombo } from '../../combos/api/get-combo.ts';
import { useDeleteCapoarea } from '../api/delete-capoarea.ts';
import { useCapoareaList } from '../api/get-capoarea-list.ts';
import { capoareaKeys } from '../api/capoarea-keys.ts';
import { failedToLoad, LoadError } from '../../../components/load-error.tsx';

const filterKeys = ['fname', 'fstate'] as const;

/**
 * /admin/capoarea: filters fname and fstate (options from /api/liststates) in the URL; avatar,
 * Nome, Provincia and the status dot (Attivo, Disattivato, Richiesta Inviata); 'AGGIUNGI CAPOAREA'; the row menu
 * Modifica, 'Reimposta password' or 'Manda attivazione', Elimina ('Confermi Cancellazione?').
 */
export function CapoareaListScreen() {
  const navigate = useNavigate();
  const location = useLocation();
  const list = useListSearchParams(filterKeys);
  const capoarea = useCapoareaList(toListQuery(capoareaQuery, list.values, list.page));
  const states = useCombo('liststates');
  const remove = useDeleteCapoarea();
  const { confirm, dialog } = useConfirm();
  const reset = useSendReset(confirm, capoareaKeys.all);

  const data = capoarea.data;
  const editPath = (uuid: string) => `/admin/capoarea/${uuid}`;
  const linkOf = (row: CapoareaRow) => rowLink(editPath(row.uuid), location.search);

  const actionsOf = (row: CapoareaRow): RowAction[] => [
    editAction(() => navigate(editPath(row.uuid), { state: { listSearch: location.search } })),
    reset.action(row.uuid, row.stato),
    deleteAction(async () => {
      if (!(await confirm(msg.confermaCancellazione))) return;
      remove.mutate(row.uuid, { onSuccess: () => showToast('Capo area eliminato', 'success') });
    }),
  ];

  const columns: Column<CapoareaRow>[] = [
    avatarColumn({ header: 'Immagine', linkOf, img: (row) => row.img, name: (row) => row.ragsoc }),
    {
      key: 'ragsoc',
      header: 'Nome',
      render: (row) => (
        <NameCell>
          <NameLink link={linkOf(row)}>{row.ragsoc || 'Senza nome'}</NameLink>
          {row.provs.length > 0 && <NameCaption>Competenza: {row.provs.join(', ')}</NameCaption>}
        </NameCell>
      ),
    },
    { key: 'prov', header: 'Provincia', align: 'center', width: 90, render: (row) => row.prov },
    { key: 'stato', header: 'Stato', align: 'center', width: 64, render: (row) => <StatusDot stato={row.stato} /> },
  ];

  return (
    <>
      <ListHeading
        title="Capo Area"
        actions={[
          {
            label: 'AGGIUNGI CAPOAREA',
            icon: <AddIcon />,
            primary: true,
            onClick: () => navigate('/admin/newcapoarea'),
          },
        ]}
      />
      <AfterFirstPaint>
        <FilterBar
          title="Filtra capo area"
          activeCount={filterKeys.filter((key) => list.values[key] !== '').length}
          onClear={() => list.clearFilters(filterKeys)}
        >
          <TextFilter
            id="filter-fname"
            label="Nome"
            value={list.values.fname}
            onChange={(fname) => list.setFilters({ fname })}
          />
          <QueryComboSelect
            id="filter-fstate"
            label="Provincia"
            size="small"
            query={states}
            value={list.values.fstate}
            onChange={(fstate) => list.setFilters({ fstate })}
          />
        </FilterBar>
        <ListCount count={data?.reccount} noun={['capo area', 'capi area']} failed={capoarea.isError} />
        {data && !capoarea.isPlaceholderData && <PageCorrection page={list.page} pages={data.pages} />}
        {failedToLoad(capoarea) ? (
          <LoadError error={capoarea.error} />
        ) : (
          <DataTable
            label="Elenco capo area"
            rows={data?.data ?? []}
            columns={columns}
            rowKey={(row) => row.uuid}
            rowLabel={(row) => row.ragsoc}
            rowActions={(row) => <RowMenu label={`Azioni per ${row.ragsoc}`} actions={actionsOf(row)} />}
            loading={capoarea.isFetching}
            emptyText="Nessun capo area trovato"
            footer={
              data && <Pager page={data.page} pages={data.pages} onChange={list.setPage} label="Pagine dei capo area" />
            }
          />
        )}
      </AfterFirstPaint>
      {dialog}
    </>
  );
}
