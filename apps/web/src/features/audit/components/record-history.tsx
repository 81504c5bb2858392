import type { AuditEntity } from '@portal/shared/schemas/audit';
import { failedToLoad, LoadError } from '../../../components/load-error.tsx';
import { useListSearchParams } from '../../../lib/list-search-params.ts';
import { useAudit } from '../api/get-audit.ts';
import { AuditTable } from './audit-table.tsx';

/** The 'Storico' of one record (admin): who changed what and when, newest first, paged. */
export function RecordHistory({ entity, id }: { entity: AuditEntity; id: string }) {
  const list = useListSearchParams([]);
  const audit = useAudit({ entity, id, page: list.page });
  if (failedToLoad(audit)) return <LoadError error={audit.error} />;
  return (
    <AuditTable label="Storico delle modifiche" page={audit.data} loading={audit.isFetching} onPage={list.setPage} />
  );
}
