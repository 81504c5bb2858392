import { useLocation, useNavigate } from 'react-router';
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import { msg } from '@portal/shared/messages-it';
import { rivenditoriQuery, type RivenditoreRow } from '@portal/shared/schemas/rivenditori';
import type { BarAction } from '../../../components/action-bar.tsx';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { FilterBar } from '../../../components/filter-bar.tsx';
import { useDownload } from '../../../components/download-progress.tsx';
import { avatarColumn, NameCaption, NameCell, NameLink } from '../../../components/list-cells.tsx';
import { AfterFirstPaint } from '../../../components/after-first-paint.tsx';
import { ListCount, ListHeading } from '../../../components/list-heading.tsx';
import { PageCorrection, Pager } from '../../../components/pager.tsx';
import { ProvinceTypeahead } from '../../../components/province-typeahead.tsx';
import { deleteAction, editAction, RowMenu, type RowAction } from '../../../components/row-menu.tsx';
import { StatusDot } from '../../../components/status-dot.tsx';
import { TextFilter } from '../../../components/text-filter.tsx';
import { rowLink, toListQuery, useListSearchParams, type RowLink } from '../../../lib/list-search-params.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { useSendReset } from '../../auth/components/account-reset.tsx';
import { useDeleteRivenditore } from '../api/delete-rivenditore.ts';
import { useRivenditori, type RivenditoriSource } from '../api/get-rivenditori.ts';
import type { RivenditoreArea } from './rivenditore-profile-screen.tsx';
import { rivenditoriKeys } from '../api/rivenditori-keys.ts';
import { failedToLoad, LoadError } from '../../../components/load-error.tsx';

type AreaSetup = {
  source: RivenditoriSource;
  /** The admin filters by company name, code and province; the area manager by name and province. */
  filters: readonly ('name' | 'code' | 'state')[];
  editPath: (uuid: string) => string;
};

const setups: Record<RivenditoreArea, AreaSetup> = {
  admin: { source: '/api/rivenditori', filters: ['name', 'code', 'state'], editPath: (u) => `/admin/rivenditore/${u}` },
  capoarea: {
    source: '/api/rivenditori_ca',
    filters: ['name', 'state'],
    editPath: (u) => `/capoarea/rivenditore/${u}`,
  },
};

const urlKeys = ['name', 'code', 'state'] as const;
const personName = (row: RivenditoreRow) => [row.name, row.lastname].filter(Boolean).join(' ');
const displayName = (row: RivenditoreRow) => row.ragsoc || personName(row) || row.code || 'Senza nome';

type RivenditoriList = ReturnType<typeof useListSearchParams<(typeof urlKeys)[number]>>;

/** The columns of an area's table: the status dot is the admin's only. */
function rivenditoriColumns(area: RivenditoreArea, linkOf: (row: RivenditoreRow) => RowLink): Column<RivenditoreRow>[] {
  const columns: Column<RivenditoreRow>[] = [
    avatarColumn({ header: 'Immagine', linkOf, img: (row) => row.img, name: displayName }),
    {
      key: 'ragsoc',
      header: 'Nome',
      render: (row) => (
        <NameCell>
          <NameLink link={linkOf(row)}>{displayName(row)}</NameLink>
          {row.ragsoc && personName(row) && <NameCaption>{personName(row)}</NameCaption>}
          {/* On a phone the code column is gone: it sits under the name. */}
          {row.code && <NameCaption until="md">{row.code}</NameCaption>}
        </NameCell>
      ),
    },
    { key: 'prov', header: 'Provincia', align: 'center', width: 90, render: (row) => row.prov },
    { key: 'code', header: 'Codice', width: 110, hideBelow: 'md', render: (row) => row.code },
  ];
  if (area === 'admin') {
    columns.push({
      key: 'stato',
      header: 'Stato',
      align: 'center',
      width: 64,
      render: (row) => <StatusDot stato={row.stato} />,
    });
  }
  return columns;
}

/**
 * The row menu of an area, with the dialogs it opens. Admin: Modifica, reset or activation, Elimina. Area manager:
 * Visualizza and the export of the reseller's installers.
 */
function useRivenditoriRowActions(area: RivenditoreArea, open: (row: RivenditoreRow) => void) {
  const remove = useDeleteRivenditore();
  const { confirm, dialog } = useConfirm();
  const { download, dialog: downloadDialog } = useDownload();
  const reset = useSendReset(confirm, rivenditoriKeys.all);
  const actionsOf = (row: RivenditoreRow): RowAction[] =>
    area === 'capoarea'
      ? [
          { label: 'Visualizza', icon: <VisibilityIcon fontSize="small" />, onClick: () => open(row) },
          {
            label: 'Esporta posatori',
            icon: <DownloadIcon fontSize="small" />,
            onClick: () =>
              download(
                `/api/exportrivenditore/${encodeURIComponent(row.uuid)}`,
                `Esporta posatori di ${displayName(row)}`,
              ),
          },
        ]
      : [
          editAction(() => open(row)),
          reset.action(row.uuid, row.stato),
          deleteAction(async () => {
            if (!(await confirm(msg.confermaCancellazione))) return;
            remove.mutate(row.uuid, { onSuccess: () => showToast('Rivenditore eliminato', 'success') });
          }),
        ];
  return {
    actionsOf,
    dialogs: (
      <>
        {dialog}
        {downloadDialog}
      </>
    ),
  };
}

/** Name and province for every area; the code for the admin. */
function RivenditoriFilters({ filters, list }: { filters: AreaSetup['filters']; list: RivenditoriList }) {
  return (
    <FilterBar
      title="Filtra rivenditori"
      activeCount={filters.filter((key) => list.values[key] !== '').length}
      onClear={() => list.clearFilters(filters)}
    >
      <TextFilter
        id="filter-name"
        label="Nome"
        value={list.values.name}
        onChange={(name) => list.setFilters({ name })}
      />
      {filters.includes('code') && (
        <TextFilter
          id="filter-code"
          label="Codice"
          maxLength={30}
          value={list.values.code}
          onChange={(code) => list.setFilters({ code })}
        />
      )}
      <ProvinceTypeahead
        id="filter-state"
        size="small"
        value={list.values.state}
        onChange={(state) => list.setFilters({ state })}
      />
    </FilterBar>
  );
}

/**
 * The reseller lists. Admin: avatar, name, province, code, status dot; Modifica, reset or
 * activation, Elimina; 'AGGIUNGI RIVENDITORE'. Area manager: the resellers in reach, read-only, with the export of a
 * reseller's installers (in preparation until the exports).
 */
export function RivenditoriListScreen({ area }: { area: RivenditoreArea }) {
  const setup = setups[area];
  const navigate = useNavigate();
  const location = useLocation();
  const list = useListSearchParams(urlKeys);
  const values = Object.fromEntries(setup.filters.map((key) => [key, list.values[key]]));
  const rivenditori = useRivenditori(setup.source, toListQuery(rivenditoriQuery, values, list.page));
  const data = rivenditori.data;
  const linkOf = (row: RivenditoreRow) => rowLink(setup.editPath(row.uuid), location.search);
  const open = (row: RivenditoreRow) => navigate(setup.editPath(row.uuid), { state: { listSearch: location.search } });
  const { actionsOf, dialogs } = useRivenditoriRowActions(area, open);
  const actions: BarAction[] =
    area === 'admin'
      ? [
          {
            label: 'AGGIUNGI RIVENDITORE',
            icon: <AddIcon />,
            primary: true,
            onClick: () => navigate('/admin/newrivenditori'),
          },
        ]
      : [];

  return (
    <>
      <ListHeading title="Rivenditori" actions={actions} />
      <AfterFirstPaint>
        <RivenditoriFilters filters={setup.filters} list={list} />
        <ListCount count={data?.reccount} noun={['rivenditore', 'rivenditori']} failed={rivenditori.isError} />
        {data && !rivenditori.isPlaceholderData && <PageCorrection page={list.page} pages={data.pages} />}
        {failedToLoad(rivenditori) ? (
          <LoadError error={rivenditori.error} />
        ) : (
          <DataTable
            label="Elenco rivenditori"
            rows={data?.data ?? []}
            columns={rivenditoriColumns(area, linkOf)}
            rowKey={(row) => row.uuid}
            rowLabel={displayName}
            rowActions={(row) => <RowMenu label={`Azioni per ${displayName(row)}`} actions={actionsOf(row)} />}
            loading={rivenditori.isFetching}
            emptyText="Nessun rivenditore trovato"
            footer={
              data && (
                <Pager page={data.page} pages={data.pages} onChange={list.setPage} label="Pagine dei rivenditori" />
              )
            }
          />
        )}
      </AfterFirstPaint>
      {dialogs}
    </>
  );
}
