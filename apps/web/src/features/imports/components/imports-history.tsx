import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ImportRecord } from '@portal/shared/schemas/imports';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { Pager } from '../../../components/pager.tsx';
import { formatDate } from '../../../lib/formatters.ts';
import { useImports } from '../api/imports.ts';

const time = (iso: string) =>
  new Date(iso).toLocaleTimeString('it-IT', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Rome' });

const columns: Column<ImportRecord>[] = [
  {
    key: 'file',
    header: 'File',
    render: (r) =>
      r.tipo === 'posatori' ? (
        <Link component={RouterLink} to={`/admin/impposatori/${r.uuid}`}>
          {r.file}
        </Link>
      ) : (
        r.file
      ),
  },
  { key: 'tipo', header: 'Tipo', render: (r) => (r.tipo === 'posatori' ? 'Posatori' : 'Aziende partner') },
  {
    key: 'quando',
    header: 'Data',
    render: (r) => `${formatDate(r.started_at.slice(0, 10))} ${time(r.started_at)}`,
    hideBelow: 'sm',
  },
  { key: 'utente', header: 'Utente', render: (r) => r.utente, hideBelow: 'md' },
  { key: 'nuovi', header: 'Nuovi', align: 'right', render: (r) => r.nuovi },
  { key: 'aggiornati', header: 'Aggiornati', align: 'right', render: (r) => r.aggiornati, hideBelow: 'sm' },
  { key: 'errori', header: 'Scartate', align: 'right', render: (r) => r.errori },
  {
    key: 'stato',
    header: 'Righe',
    align: 'right',
    hideBelow: 'md',
    // An import whose browser stopped half way shows how far it got: the same file again completes it.
    render: (r) => (r.elaborate < r.righe ? `${r.elaborate} di ${r.righe}` : r.righe),
  },
];

/** The latest imports, each with what it did; an installer import links to its installers. */
export function ImportsHistory() {
  const [page, setPage] = useState(1);
  const imports = useImports(page);
  const data = imports.data;
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mt: 4, mb: 1.5 }}>
        Importazioni precedenti
      </Typography>
      <DataTable
        label="Importazioni precedenti"
        rows={data?.data ?? []}
        columns={columns}
        rowKey={(r) => r.uuid}
        rowLabel={(r) => r.file}
        loading={imports.isFetching}
        emptyText="Nessuna importazione"
        footer={
          data && <Pager page={data.page} pages={data.pages} onChange={setPage} label="Pagine delle importazioni" />
        }
      />
    </>
  );
}
