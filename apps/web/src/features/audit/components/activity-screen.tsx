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
import { AfterFirstPaint } from '../../../components/after-first-paint.tsx';
import { ListCount, ListHeading } from '../../../components/list-heading.tsx';
import { failedToLoad, LoadError } from '../../../components/load-error.tsx';
import { PageCorrection } from '../../../components/pager.tsx';
import { toListQuery, useListSearchParams } from '../../../lib/list-search-params.ts';
import { useAudit } from '../api/get-audit.ts';
import { AuditTable } from './audit-table.tsx';

const filterKeys = ['action', 'entity', 'actor', 'from', 'to'] as const;
const actionOptions = auditActions.map((value) => ({ value, label: auditActionLabels[value] }));
const entityOptions = auditEntities.map((value) => ({ value, label: auditEntityLabels[value] }));
// The two choice filters and the two day filters differ only in key and labels.
const comboFilters = [
  { key: 'action', label: 'Azione', emptyLabel: 'Tutte', options: actionOptions },
  { key: 'entity', label: 'Oggetto', emptyLabel: 'Tutti', options: entityOptions },
] as const;
const dateFilters = [
  { key: 'from', label: 'Dal' },
  { key: 'to', label: 'Al' },
] as const;

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
      <AfterFirstPaint>
        <FilterBar title="Filtra attività" activeCount={active} onClear={() => list.clearFilters(filterKeys)}>
          {comboFilters.map(({ key, label, emptyLabel, options }) => (
            <ComboSelect
              key={key}
              id={`filter-${key}`}
              label={label}
              size="small"
              emptyLabel={emptyLabel}
              options={options}
              value={list.values[key]}
              onChange={(value) => list.setFilters({ [key]: value })}
            />
          ))}
          {dateFilters.map(({ key, label }) => (
            <DateField
              key={key}
              id={`filter-${key}`}
              label={label}
              size="small"
              value={list.values[key]}
              onCommit={(value) => list.setFilters({ [key]: value })}
            />
          ))}
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
      </AfterFirstPaint>
    </>
  );
}
