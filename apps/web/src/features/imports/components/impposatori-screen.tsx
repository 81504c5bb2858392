import { useLocation } from 'react-router';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { AfterFirstPaint } from '../../../components/after-first-paint.tsx';
import { ListCount, ListHeading } from '../../../components/list-heading.tsx';
import { Pager } from '../../../components/pager.tsx';
import { formatDate, formatMonth } from '../../../lib/formatters.ts';
import { rowLink, toListQuery, useListSearchParams } from '../../../lib/list-search-params.ts';
import { impposatoriQuery } from '@portal/shared/schemas/imports';
import { useCombo } from '../../combos/api/get-combo.ts';
import { PosatoriFilters, type PosatoriFilterValues } from '../../posatori/components/posatori-filters.tsx';
import { PosatoriTable } from '../../posatori/components/posatori-table.tsx';
import { useImport, useImpposatori } from '../api/imports.ts';
import { failedToLoad } from '../../../components/load-error.tsx';

const filterKeys = ['name', 'code', 'tipo'] as const;
const noFilters: PosatoriFilterValues = {
  tipo: '',
  certificato: '',
  state: '',
  stato: '',
  accesso: '',
  code: '',
  name: '',
  dtcorso: '',
  order: '',
};

/** /admin/impposatori/{id}: the installers one import stored or updated, with the qualification, code and name filters. */
export function ImpposatoriScreen({ id }: { id: string }) {
  const location = useLocation();
  const list = useListSearchParams(filterKeys);
  const record = useImport(id);
  const query = toListQuery(impposatoriQuery, list.values, list.page);
  const posatori = useImpposatori(id, query);
  const stati = useCombo('cbostato');
  const data = posatori.data;
  const r = record.data;

  return (
    <>
      <ListHeading title="Posatori importati" actions={[]} />
      {r && (
        <Typography sx={{ color: 'text.secondary', mb: 2 }}>
          {`${r.file} · ${formatDate(r.started_at.slice(0, 10))} · ${r.utente}`}
          {r.destcorso && ` · corso ${r.destcorso}`}
          {r.impdtcorso && ` del ${formatMonth(r.impdtcorso)}`}
          {r.destcoupon && ` · coupon ${r.destcoupon}`}
          {` · ${r.nuovi} nuovi, ${r.aggiornati} aggiornati, ${r.invariati} invariati, ${r.errori} righe scartate`}
        </Typography>
      )}
      {failedToLoad(record) && <Alert severity="error">Importazione non trovata</Alert>}
      <AfterFirstPaint>
        <PosatoriFilters
          keys={filterKeys}
          values={{ ...noFilters, ...list.values }}
          onChange={(changes) => list.setFilters(changes)}
          onClear={() => list.clearFilters(filterKeys)}
        />
        <ListCount count={data?.reccount} noun={['posatore', 'posatori']} failed={posatori.isError} />
        <PosatoriTable
          rows={data?.data ?? []}
          loading={posatori.isFetching}
          linkOf={(row) => rowLink(`/admin/posatori/${row.uuid}`, location.search)}
          stati={stati.data ?? []}
          footer={
            data && (
              <Pager
                page={data.page}
                pages={data.pages}
                onChange={(page) => list.setPage(page)}
                label="Pagine dei posatori"
              />
            )
          }
        />
      </AfterFirstPaint>
    </>
  );
}
