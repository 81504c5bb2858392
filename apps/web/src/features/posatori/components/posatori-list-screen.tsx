import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import TuneIcon from '@mui/icons-material/TuneOutlined';
import { msg } from '@portal/shared/messages-it';
import type { PosatoreRow } from '@portal/shared/schemas/posatori';
import type { BarAction } from '../../../components/action-bar.tsx';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { AfterFirstPaint } from '../../../components/after-first-paint.tsx';
import { ListCount, ListHeading } from '../../../components/list-heading.tsx';
import { PageCorrection, Pager } from '../../../components/pager.tsx';
import { deleteAction, editAction, type RowAction } from '../../../components/row-menu.tsx';
import { listViewOf, ViewSwitch } from '../../../components/view-switch.tsx';
import { rowLink, useListSearchParams, type RowLink } from '../../../lib/list-search-params.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { useSendReset } from '../../auth/components/account-reset.tsx';
import { useCombo } from '../../combos/api/get-combo.ts';
import { useDeletePosatori } from '../api/delete-posatori.ts';
import { usePosatori, type PosatoriSource } from '../api/get-posatori.ts';
import { PosatoriFilters, toPosatoriQuery, type PosatoriFilterKey } from './posatori-filters.tsx';
import { PosatoriTable } from './posatori-table.tsx';
import { PosatoriThumbnails } from './posatori-thumbnails.tsx';
import { StatesLegend } from './states-legend.tsx';
import { useInstallerDecisions } from './installer-decisions.tsx';
import { posatoriKeys } from '../api/posatori-keys.ts';
import { failedToLoad, LoadError } from '../../../components/load-error.tsx';
import { isErasedPerson } from '@portal/shared/schemas/privacy';

const ManageCouponsDialog = lazy(async () => ({
  default: (await import('../../coupons/components/manage-coupons-dialog.tsx')).ManageCouponsDialog,
}));

export type PosatoriArea = 'admin' | 'capoarea' | 'rivenditori';

type AreaSetup = {
  title: string;
  source: PosatoriSource;
  /** The filters of each area's list. */
  filters: readonly PosatoriFilterKey[];
  /** Admin only: several rows can be selected and deleted together. */
  selectable: boolean;
};

const setups: Record<PosatoriArea, AreaSetup> = {
  admin: {
    title: 'Anagrafica posatori',
    source: '/api/posatori',
    filters: ['name', 'code', 'state', 'tipo', 'certificato', 'stato', 'accesso', 'dtcorso', 'order'],
    selectable: true,
  },
  capoarea: {
    title: 'Posatori',
    source: '/api/posatori4ca',
    filters: ['name', 'code', 'state', 'tipo', 'certificato', 'dtcorso'],
    selectable: false,
  },
  rivenditori: {
    title: 'Posatori',
    source: '/api/posatori4ri',
    filters: ['name', 'code', 'state', 'tipo', 'certificato', 'dtcorso'],
    selectable: false,
  },
};

const urlKeys = [
  'tipo',
  'certificato',
  'state',
  'stato',
  'accesso',
  'code',
  'name',
  'dtcorso',
  'order',
  'view',
] as const;

type PosatoriListScreenProps = {
  area: PosatoriArea;
  /** The toolbar of the area (imports, exports, ...), built by the page. */
  actions: readonly BarAction[];
  /** Dialogs the toolbar opens, rendered by the page that owns them. */
  children?: ReactNode;
};

/**
 * The row menu of an area and the dialogs it opens. Area manager: Modifica, Vedi Coupon, Elimina; admin also the
 * reset or activation, the decisions on the installer and 'Gestisci coupons'. `deleteRows` also serves the admin's
 * multiple selection; `onDeleted` runs after a delete went through.
 */
function usePosatoriRowActions(area: PosatoriArea, onDeleted: () => void) {
  const navigate = useNavigate();
  const location = useLocation();
  const { confirm, dialog: confirmDialog } = useConfirm();
  const [managing, setManaging] = useState<{ uuid: string; name: string } | null>(null);
  const reset = useSendReset(confirm, posatoriKeys.all);
  const decisions = useInstallerDecisions(confirm);
  const remove = useDeletePosatori();
  const editPath = (uuid: string) => `/${area}/posatori/${uuid}`;

  const deleteRows = async (uuids: readonly string[], question: string) => {
    if (!(await confirm(question))) return;
    remove.mutate(uuids, {
      onSuccess: () => {
        onDeleted();
        showToast(uuids.length === 1 ? 'Posatore eliminato' : `${uuids.length} posatori eliminati`, 'success');
      },
    });
  };

  const actionsOf = (row: PosatoreRow): RowAction[] => {
    const edit = editAction(() => navigate(editPath(row.uuid), { state: { listSearch: location.search } }));
    const coupons = {
      label: 'Vedi Coupon',
      icon: <ConfirmationNumberIcon fontSize="small" />,
      onClick: () => navigate(`${editPath(row.uuid)}/coupon`, { state: { listSearch: location.search } }),
    };
    const del = deleteAction(() => void deleteRows([row.uuid], msg.confermaCancellazione));
    // An erased installer has no login to send or switch and no suspension to lift: only the figures stay.
    if (area === 'capoarea' || isErasedPerson(row.descri, row.userstato !== 'none')) return [edit, coupons, del];
    return [
      edit,
      reset.action(row.uuid, row.userstato),
      ...decisions.rowActions({ uuid: row.uuid, name: row.descri, stato: row.stato, userstato: row.userstato }),
      coupons,
      {
        label: 'Gestisci coupons',
        icon: <TuneIcon fontSize="small" />,
        onClick: () => setManaging({ uuid: row.uuid, name: row.descri }),
      },
      del,
    ];
  };

  const dialogs = (
    <>
      {confirmDialog}
      {managing && (
        // The dialog's code comes when it first opens: the list's first paint goes without it.
        <Suspense fallback={null}>
          <ManageCouponsDialog posatore={managing.uuid} name={managing.name} onClose={() => setManaging(null)} />
        </Suspense>
      )}
    </>
  );
  return { actionsOf, deleteRows, deleting: remove.isPending, dialogs, editPath };
}

/**
 * The installer list of an area: filters, sort, page and view in the URL; table or thumbnails;
 * the row menu of the role; for the admin, multiple selection and delete.
 */
export function PosatoriListScreen({ area, actions, children }: PosatoriListScreenProps) {
  const setup = setups[area];
  const location = useLocation();
  const list = useListSearchParams(urlKeys);
  const view = listViewOf(list.values.view);
  const query = toPosatoriQuery(Object.fromEntries(setup.filters.map((key) => [key, list.values[key]])), list.page);
  const posatori = usePosatori(setup.source, query, true);
  const stati = useCombo('cbostato');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const rowActions = usePosatoriRowActions(area, () => setSelected(new Set()));
  // Another filter shows other rows: what was selected is no longer in view.
  const filtered = (apply: () => void) => {
    setSelected(new Set());
    apply();
  };

  const data = posatori.data;
  const selection = setup.selectable ? { selected, onChange: setSelected } : undefined;
  const viewProps = {
    rows: data?.data ?? [],
    loading: posatori.isFetching,
    linkOf: (row: PosatoreRow): RowLink => rowLink(rowActions.editPath(row.uuid), location.search),
    actionsOf: area === 'rivenditori' ? undefined : rowActions.actionsOf,
    selection,
    stati: stati.data ?? [],
    footer: data && (
      <Pager page={data.page} pages={data.pages} onChange={(page) => list.setPage(page)} label="Pagine dei posatori" />
    ),
  };

  return (
    <>
      <ListHeading title={setup.title} actions={actions} />
      <AfterFirstPaint>
        <PosatoriFilters
          keys={setup.filters}
          values={list.values}
          onChange={(changes) => filtered(() => list.setFilters(changes))}
          onClear={() => filtered(() => list.clearFilters(setup.filters))}
        />
        <StatesLegend stati={stati.data ?? []} />
        <ListCount
          count={data?.reccount}
          noun={['posatore', 'posatori']}
          failed={posatori.isError}
          end={<ViewSwitch value={view} onChange={(next) => list.setOption('view', next === 'list' ? '' : next)} />}
        >
          {selection && selected.size > 0 && (
            <Button
              color="error"
              variant="contained"
              size="small"
              startIcon={<DeleteIcon />}
              loading={rowActions.deleting}
              onClick={() =>
                void rowActions.deleteRows([...selected], msg.confermaCancellazionePosatori(selected.size))
              }
            >
              Elimina selezionati ({selected.size})
            </Button>
          )}
        </ListCount>
        {data && !posatori.isPlaceholderData && <PageCorrection page={list.page} pages={data.pages} />}
        {failedToLoad(posatori) ? (
          <LoadError error={posatori.error} />
        ) : view === 'list' ? (
          <PosatoriTable {...viewProps} />
        ) : (
          <PosatoriThumbnails {...viewProps} />
        )}
      </AfterFirstPaint>
      {rowActions.dialogs}
      {children}
    </>
  );
}
