import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import {
  auditActionLabels,
  auditEntityLabels,
  auditFieldLabels,
  type AuditAction,
  type AuditEntity,
  type AuditRow,
} from '@portal/shared/schemas/audit';
import type { Paged } from '@portal/shared/schemas/paging';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { Pager } from '../../../components/pager.tsx';
import { formatDateTime } from '../../../lib/formatters.ts';

const actionLabel = (action: string) => auditActionLabels[action as AuditAction] ?? action;
const entityLabel = (entity: string) => auditEntityLabels[entity as AuditEntity] ?? entity;

/** A changed field as it reads: 'Telefono: 02 1234 → 02 5678'; an empty side is '—'. */
function Changes({ row }: { row: AuditRow }) {
  if (row.changes.length === 0) return null;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {row.changes.map((c) => (
        <Typography component="li" variant="body2" key={c.field} sx={{ overflowWrap: 'anywhere' }}>
          <strong>{auditFieldLabels[c.field] ?? c.field}</strong>: {c.before ?? '—'} → {c.after ?? '—'}
        </Typography>
      ))}
    </Box>
  );
}

type AuditTableProps = {
  label: string;
  page: Paged<AuditRow> | undefined;
  loading: boolean;
  onPage: (page: number) => void;
  /** Shows the record each entry is about (the Attività list; a record's own history does not need it). */
  withRecord?: boolean;
  /** Selecting a person's name filters the list by them. */
  onActor?: (actor: string) => void;
};

/** The rows of the audit trail, newest first, with the pager below. */
export function AuditTable({ label, page, loading, onPage, withRecord = false, onActor }: AuditTableProps) {
  const columns: Column<AuditRow>[] = [
    { key: 'at', header: 'Data e ora', render: (r) => formatDateTime(r.at), width: 170 },
    {
      key: 'actor',
      header: 'Utente',
      render: (r) =>
        onActor && r.actor ? (
          <Link component="button" type="button" onClick={() => onActor(r.actor ?? '')}>
            {r.actorName}
          </Link>
        ) : (
          r.actorName || '—'
        ),
    },
    { key: 'action', header: 'Azione', render: (r) => actionLabel(r.action) },
    ...(withRecord
      ? [{ key: 'entity', header: 'Oggetto', render: (r: AuditRow) => entityLabel(r.entity), hideBelow: 'md' as const }]
      : []),
    { key: 'changes', header: 'Modifiche', render: (r) => <Changes row={r} /> },
  ];
  return (
    <DataTable
      label={label}
      rows={page?.data ?? []}
      columns={columns}
      rowKey={(r) => r.uuid}
      rowLabel={(r) => `${actionLabel(r.action)} ${formatDateTime(r.at)}`}
      loading={loading}
      emptyText="Nessuna attività registrata"
      footer={page && <Pager page={page.page} pages={page.pages} onChange={onPage} label={`Pagine: ${label}`} />}
    />
  );
}
