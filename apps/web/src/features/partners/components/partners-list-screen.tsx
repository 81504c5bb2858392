import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { msg } from '@portal/shared/messages-it';
import { partnersQuery, type PartnerRow } from '@portal/shared/schemas/partners';
import type { BarAction } from '../../../components/action-bar.tsx';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { AfterFirstPaint } from '../../../components/after-first-paint.tsx';
import { ListCount, ListHeading } from '../../../components/list-heading.tsx';
import { PageCorrection, Pager } from '../../../components/pager.tsx';
import { deleteAction, editAction, type RowAction } from '../../../components/row-menu.tsx';
import { rowLink, toListQuery, useListSearchParams } from '../../../lib/list-search-params.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { useDeletePartner } from '../api/delete-partner.ts';
import { usePartners } from '../api/get-partners.ts';
import { partnerAreas, type PartnerArea } from './partner-areas.ts';
import { partnerFilterKeys, PartnersFilters } from './partners-filters.tsx';
import { PartnersTable } from './partners-table.tsx';
import { failedToLoad, LoadError } from '../../../components/load-error.tsx';

type PartnersListScreenProps = {
  area: PartnerArea;
  /** The toolbar of the area (export, import, communication, add), built by the page. */
  actions: readonly BarAction[];
  /** Dialogs the toolbar opens, rendered by the page that owns them. */
  children?: ReactNode;
};

/**
 * The partner list of an area: filters and page in the URL, the row menu Modifica / Elimina
 * ('Confermi Cancellazione?'). The reseller's menu is there as the spec has it, but delete is not theirs: it is
 * shown disabled, and the form says whether they may save.
 */
export function PartnersListScreen({ area, actions, children }: PartnersListScreenProps) {
  const setup = partnerAreas[area];
  const navigate = useNavigate();
  const location = useLocation();
  const list = useListSearchParams(partnerFilterKeys);
  const partners = usePartners(setup.source, toListQuery(partnersQuery, list.values, list.page));
  const remove = useDeletePartner();
  const { confirm, dialog } = useConfirm();

  const data = partners.data;
  const linkOf = (row: PartnerRow) => rowLink(setup.editPath(row.uuid), location.search);

  const deleteRow = async (row: PartnerRow) => {
    if (!(await confirm(msg.confermaCancellazione))) return;
    remove.mutate(row.uuid, { onSuccess: () => showToast('Partner eliminato', 'success') });
  };

  const actionsOf = (row: PartnerRow): RowAction[] => [
    editAction(() => navigate(setup.editPath(row.uuid), { state: { listSearch: location.search } })),
    { ...deleteAction(() => void deleteRow(row)), disabled: !setup.manage },
  ];

  return (
    <>
      <ListHeading title={setup.title} actions={actions} />
      <AfterFirstPaint>
        <PartnersFilters
          values={list.values}
          onChange={list.setFilters}
          onClear={() => list.clearFilters(partnerFilterKeys)}
        />
        <ListCount count={data?.reccount} noun={['partner', 'partner']} failed={partners.isError} />
        {data && !partners.isPlaceholderData && <PageCorrection page={list.page} pages={data.pages} />}
        {failedToLoad(partners) ? (
          <LoadError error={partners.error} />
        ) : (
          <PartnersTable
            rows={data?.data ?? []}
            loading={partners.isFetching}
            linkOf={linkOf}
            actionsOf={actionsOf}
            renewals={setup.renewals}
            footer={
              data && <Pager page={data.page} pages={data.pages} onChange={list.setPage} label="Pagine dei partner" />
            }
          />
        )}
      </AfterFirstPaint>
      {dialog}
      {children}
    </>
  );
}
