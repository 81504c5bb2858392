import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import type { ComboOption } from '@portal/shared/schemas/combos';
import type { PosatoreRow } from '@portal/shared/schemas/posatori';
import { DataTable, type Column, type Selection } from '../../../components/data-table.tsx';
import { avatarColumn, NameCaption, NameCell } from '../../../components/list-cells.tsx';
import { RowMenu, type RowAction } from '../../../components/row-menu.tsx';
import { StatusDot } from '../../../components/status-dot.tsx';
import type { RowLink } from '../../../lib/list-search-params.ts';
import { CertificateIcon, courseMonth, PosatoreNameLink, ProfileStatoChip } from './posatore-cells.tsx';

type PosatoriViewProps = {
  rows: readonly PosatoreRow[];
  loading: boolean;
  linkOf: (row: PosatoreRow) => RowLink;
  /** The row menu; undefined for a list without one (the reseller's, read-only). */
  actionsOf?: ((row: PosatoreRow) => RowAction[]) | undefined;
  selection?: Selection | undefined;
  /** Labels of the profile states (/api/cbostato). */
  stati: readonly ComboOption[];
  footer: ReactNode;
};

/** The table view of the installer lists: its columns; the minor ones give way on a phone. */
export function PosatoriTable({ rows, loading, linkOf, actionsOf, selection, stati, footer }: PosatoriViewProps) {
  const columns: Column<PosatoreRow>[] = [
    avatarColumn({ header: 'Immagine', linkOf, img: (row) => row.img, name: (row) => row.descri }),
    {
      key: 'descri',
      header: 'Nome',
      render: (row) => (
        <NameCell>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <PosatoreNameLink row={row} link={linkOf(row)} />
            <ProfileStatoChip stato={row.stato} stati={stati} />
          </Stack>
          {/* On a phone the type, code and province columns are gone: their values sit under the name. */}
          <NameCaption until="sm">{[row.destipo, row.code, row.prov].filter(Boolean).join(' · ')}</NameCaption>
        </NameCell>
      ),
    },
    { key: 'destipo', header: 'Qualifica', hideBelow: 'sm', render: (row) => row.destipo },
    { key: 'code', header: 'Codice', hideBelow: 'md', render: (row) => row.code },
    { key: 'prov', header: 'Provincia', align: 'center', width: 90, hideBelow: 'sm', render: (row) => row.prov },
    {
      key: 'certificato',
      header: 'Certificato',
      hideHeader: true,
      align: 'center',
      width: 48,
      hideBelow: 'sm',
      render: (row) => <CertificateIcon certified={row.certificato} />,
    },
    { key: 'dtcorso', header: 'Ultimo corso', hideBelow: 'md', width: 120, render: courseMonth },
    {
      key: 'userstato',
      header: 'Accesso',
      align: 'center',
      width: 64,
      render: (row) => <StatusDot stato={row.userstato} />,
    },
    { key: 'coupon', header: 'Coupon', align: 'right', width: 80, hideBelow: 'sm', render: (row) => row.coupon },
  ];

  return (
    <DataTable
      label="Elenco posatori"
      rows={rows}
      columns={columns}
      rowKey={(row) => row.uuid}
      rowLabel={(row) => row.descri}
      selection={selection}
      rowActions={actionsOf && ((row) => <RowMenu label={`Azioni per ${row.descri}`} actions={actionsOf(row)} />)}
      loading={loading}
      emptyText="Nessun posatore trovato"
      footer={footer}
    />
  );
}

export type { PosatoriViewProps };
