import type { ReactNode } from 'react';
import type { PartnerRow } from '@portal/shared/schemas/partners';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { avatarColumn, NameCaption, NameCell, NameLink } from '../../../components/list-cells.tsx';
import { RowMenu, type RowAction } from '../../../components/row-menu.tsx';
import { formatDate, formatMonth } from '../../../lib/formatters.ts';
import type { RowLink } from '../../../lib/list-search-params.ts';
import { ExpiryDate } from './partner-expiry.tsx';

type PartnersTableProps = {
  rows: readonly PartnerRow[];
  loading: boolean;
  linkOf: (row: PartnerRow) => RowLink;
  actionsOf: (row: PartnerRow) => RowAction[];
  /** The area manager's and reseller's lists show the renewal and its expiry. */
  renewals: boolean;
  footer: ReactNode;
};

/**
 * The partner lists: logo, company name, code, province, partner since and valid until (month
 * fields, mm/yyyy); with renewals, the last renewal and its expiry (dates, dd/mm/yyyy), flagged when due.
 */
export function PartnersTable({ rows, loading, linkOf, actionsOf, renewals, footer }: PartnersTableProps) {
  const columns: Column<PartnerRow>[] = [
    avatarColumn({ header: 'Logo', linkOf, img: (row) => row.img, name: (row) => row.ragsoc, variant: 'rounded' }),
    {
      key: 'ragsoc',
      header: 'Ragione sociale',
      render: (row) => (
        <NameCell>
          <NameLink link={linkOf(row)}>{row.ragsoc || row.code || 'Senza nome'}</NameLink>
          {/* On a phone the code, province and dates columns are gone: their values sit under the name. */}
          <NameCaption until="sm">
            {[
              row.code,
              row.prov,
              [row.dtstart && `dal ${formatMonth(row.dtstart)}`, row.dtend && `al ${formatMonth(row.dtend)}`]
                .filter(Boolean)
                .join(' '),
            ]
              .filter(Boolean)
              .join(' · ')}
          </NameCaption>
        </NameCell>
      ),
    },
    { key: 'code', header: 'Codice', hideBelow: 'md', width: 110, render: (row) => row.code },
    { key: 'prov', header: 'Provincia', align: 'center', width: 90, hideBelow: 'sm', render: (row) => row.prov },
    {
      key: 'dtstart',
      header: 'Partner dal',
      width: 110,
      // With the renewal columns the company name needs the room: partner since only on wide screens.
      hideBelow: renewals ? 'xl' : 'sm',
      render: (row) => formatMonth(row.dtstart),
    },
    {
      key: 'dtend',
      header: 'Valido fino a',
      width: 120,
      hideBelow: renewals ? 'lg' : 'sm',
      render: (row) => formatMonth(row.dtend),
    },
  ];
  if (renewals) {
    columns.push(
      {
        key: 'dtrinnovo',
        header: 'Rinnovato il',
        width: 120,
        hideBelow: 'md',
        render: (row) => formatDate(row.dtrinnovo),
      },
      { key: 'dtscad', header: 'Scadenza', render: (row) => <ExpiryDate dtscad={row.dtscad} /> },
    );
  }

  return (
    <DataTable
      label="Elenco partner"
      rows={rows}
      columns={columns}
      rowKey={(row) => row.uuid}
      rowLabel={(row) => row.ragsoc}
      rowActions={(row) => <RowMenu label={`Azioni per ${row.ragsoc}`} actions={actionsOf(row)} />}
      loading={loading}
      emptyText="Nessun partner trovato"
      footer={footer}
    />
  );
}
