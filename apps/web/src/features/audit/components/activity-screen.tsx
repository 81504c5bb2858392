import Chip from '@mui/material/Chip';
import {
  auditActionLabels,
  auditActions,
  auditEntities,
  auditEntityLabels,
  auditQuery,
} from '@portal/shared/schemas/audit';
import { ComboSelect } from '../../../components/combo-select.tsx';
import { DateField } from '../../../components/date-field.tsx';
import { FilterBar } from '../../../components/filter-bar.tsx';
import { ListCount, ListHeading } from '../../../components/list-heading.tsx';
import { failedToLoad, LoadError } from '../../../components/load-error.tsx';
import { PageCorrection } from '../../../components/pager.tsx';
import { toListQuery, useListSearchParams } from '../../../lib/list-search-params.ts';
import { useAudit } from '../api/get-audit.ts';
import { AuditTable } from './audit-table.tsx';

const filterKeys = ['action', 'entity', 'actor', 'from', 'to'] as const;
const actionOptions = auditActions.map((value) => ({ value, label: auditActionLabels[value] }));
const entityOptions = auditEntities.map((value) => ({ value, label: auditEntityLabels[value] }));

/**
 * /admin/attivita: the audit trail of the whole portal, newest first, filtered by action, kind of record, person
 * (chosen by selecting a name in the list) and days; the filters and the page live in the URL.
 */
export function ActivityScreen() {
  const list = useListSearchParams(filterKeys);
  const audit = useAudit(toListQuery(auditQuery, list.values, list.page));
  const data = audit.data;
  const active = filterKeys.filter((k) => list.values[k] !== '').length;
  const actorName = data?.data.find((r) => r.actor === list.values.actor)?.actorName;
  return (
    <>
      <ListHeading title="Attività" actions={[]} />
      <FilterBar title="Filtra attività" activeCount={active} onClear={() => list.clearFilters(filterKeys)}>
        <ComboSelect
          id="filter-action"
          label="Azione"
          size="small"
          emptyLabel="Tutte"
          options={actionOptions}
          value={list.values.action}
          onChange={(action) => list.setFilters({ action })}
        />
        <ComboSelect
          id="filter-entity"
          label="Oggetto"
          size="small"
          emptyLabel="Tutti"
          options={entityOptions}
          value={list.values.entity}
          onChange={(entity) => list.setFilters({ entity })}
        />
        <DateField
          id="filter-from"
          label="Dal"
          size="small"
          value={list.values.from}
          onCommit={(from) => list.setFilters({ from })}
        />
        <DateField
          id="filter-to"
          label="Al"
          size="small"
          value={list.values.to}
          onCommit={(to) => list.setFilters({ to })}
        />
      </FilterBar>
      <ListCount count={data?.reccount} noun={['attività', 'attività']} failed={audit.isError}>
        {list.values.actor && (
          <Chip
            label={`Utente: ${actorName ?? 'selezionato'}`}
            onDelete={() => list.setFilters({ actor: '' })}
            size="small"
          />
        )}
      </ListCount>
      {data && !audit.isPlaceholderData && <PageCorrection page={list.page} pages={data.pages} />}
      {failedToLoad(audit) ? (
        <LoadError error={audit.error} />
      ) : (
        <AuditTable
          label="Elenco attività"
          page={data}
          loading={audit.isFetching}
          onPage={list.setPage}
          withRecord
          onActor={(actor) => list.setFilters({ actor })}
        />
      )}
    </>
  );
}
