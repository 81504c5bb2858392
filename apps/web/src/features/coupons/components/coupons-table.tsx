import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import PdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import UpdateIcon from '@mui/icons-material/Update';
import type { ComboOption } from '@portal/shared/schemas/combos';
import { COUPON_RENEWAL_DAYS, type CouponRow } from '@portal/shared/schemas/coupons';
import { ComboSelect } from '../../../components/combo-select.tsx';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { DateField } from '../../../components/date-field.tsx';
import { formatDate, formatEuro } from '../../../lib/formatters.ts';
import { onFirstUse } from '../../../lib/first-use.ts';
import { CouponStateChip } from './coupon-cards.tsx';

const romeToday = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Rome',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }),
);

/** Renewal: today in Italy + 90 days, as YYYY-MM-DD. */
export function renewalExpiry(now = new Date()): string {
  const today = romeToday().format(now);
  return new Date(Date.parse(`${today}T00:00:00Z`) + COUPON_RENEWAL_DAYS * 86_400_000).toISOString().slice(0, 10);
}

/** What the admin's dialog does with an unredeemed coupon; absent: the table is read-only. */
export type CouponEditing = {
  types: readonly ComboOption[];
  onType: (coupon: CouponRow, tipo: string) => void;
  onExpiry: (coupon: CouponRow, scadenza: string) => void;
  onRenew: (coupon: CouponRow) => void;
  onDelete: (coupon: CouponRow) => void;
  /** A change is on its way: the controls wait. */
  busy: boolean;
};

const codeCell = (c: CouponRow) => (
  <Box>
    <Typography
      variant="body2"
      sx={{ fontFamily: 'monospace', fontWeight: 600, letterSpacing: { xs: 0.5, sm: 1 }, whiteSpace: 'nowrap' }}
    >
      {c.code}
    </Typography>
    <CouponStateChip stato={c.stato} />
    {c.stato === 'valid' && c.tipodisattivo && (
      <Typography variant="caption" component="div" color="warning.main">
        Tipo sospeso
      </Typography>
    )}
  </Box>
);

const usedCell = (c: CouponRow) =>
  c.dtesecuzione ? (
    <Box>
      {formatDate(c.dtesecuzione)}
      {c.rivenditore && (
        <Typography variant="caption" component="div" color="text.secondary">
          {c.rivenditore}
        </Typography>
      )}
    </Box>
  ) : (
    '—'
  );

const valueLine = (c: CouponRow) => (
  <Typography variant="caption" component="div" sx={{ color: 'text.secondary', mt: 0.5 }}>
    {formatEuro(c.valore)}
  </Typography>
);

const typeField = (c: CouponRow, e: CouponEditing) => (
  <ComboSelect
    id={`tipo-${c.uuid}`}
    label="Tipo"
    size="small"
    options={e.types}
    value={c.tipo}
    missingLabel={c.destipo}
    emptyLabel={null}
    readOnly={e.busy}
    onChange={(tipo) => tipo !== c.tipo && e.onType(c, tipo)}
  />
);

const expiryField = (c: CouponRow, e: CouponEditing) => (
  <DateField
    id={`scadenza-${c.uuid}`}
    label="Scadenza"
    size="small"
    value={c.scadenza}
    readOnly={e.busy}
    onCommit={(scadenza) => e.onExpiry(c, scadenza)}
  />
);

const renewButton = (c: CouponRow, e: CouponEditing) => (
  <Button
    sx={{ whiteSpace: 'nowrap' }}
    size="small"
    startIcon={<UpdateIcon />}
    disabled={e.busy}
    onClick={() => e.onRenew(c)}
    aria-label={`Rinnova 3 mesi il coupon ${c.code}`}
  >
    Rinnova 3 mesi
  </Button>
);

/** Whether the admin may still change the coupon: it is not redeemed. */
const editableWith = (editing: CouponEditing | undefined) => (c: CouponRow) =>
  editing !== undefined && c.dtesecuzione === '';

/**
 * The admin's table on a phone: one column, the code over the fields (a grid of one minmax(0, 1fr) column: the date
 * field's own minimum width would widen the table), a redeemed coupon as a line of text.
 */
function phoneEditingColumns(editing: CouponEditing): Column<CouponRow>[] {
  const editable = editableWith(editing);
  return [
    {
      key: 'coupon',
      header: 'Coupon',
      render: (c) => (
        <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1.5, py: 1 }}>
          {codeCell(c)}
          {editable(c) ? (
            <>
              <Box>
                {typeField(c, editing)}
                {valueLine(c)}
              </Box>
              {expiryField(c, editing)}
              <Box>{renewButton(c, editing)}</Box>
            </>
          ) : (
            <Typography variant="body2">
              {c.destipo} · {formatEuro(c.valore)}
              <br />
              Scadenza {formatDate(c.scadenza)}
              {c.dtesecuzione && (
                <>
                  <br />
                  Utilizzato il {formatDate(c.dtesecuzione)}
                  {c.rivenditore && ` · ${c.rivenditore}`}
                </>
              )}
            </Typography>
          )}
        </Box>
      ),
    },
  ];
}

/** The table's columns elsewhere: one per field, the admin's fields in place of the values they change. */
function couponColumns(editing: CouponEditing | undefined): Column<CouponRow>[] {
  const editable = editableWith(editing);
  return [
    { key: 'code', header: 'Codice', render: codeCell },
    { key: 'dtesecuzione', header: 'Utilizzato il', hideBelow: 'sm', render: usedCell },
    {
      key: 'tipo',
      header: 'Tipo',
      render: (c) => (
        <>
          {editing && editable(c) ? typeField(c, editing) : c.destipo}
          <Box sx={{ display: { xs: 'block', sm: 'none' } }}>{valueLine(c)}</Box>
        </>
      ),
    },
    {
      key: 'valore',
      header: 'Valore',
      align: 'right',
      width: 110,
      hideBelow: 'sm',
      render: (c) => formatEuro(c.valore),
    },
    {
      key: 'scadenza',
      header: 'Scadenza',
      width: editing ? 180 : 110,
      render: (c) => (editing && editable(c) ? expiryField(c, editing) : formatDate(c.scadenza)),
    },
    ...(editing
      ? [
          {
            key: 'rinnova',
            header: 'Rinnova',
            hideHeader: true,
            width: 170,
            render: (c: CouponRow) => editable(c) && renewButton(c, editing),
          },
        ]
      : []),
  ];
}

/** A row's buttons: its PDF voucher, and for the admin the removal of a coupon not redeemed. */
function couponActions(editing: CouponEditing | undefined, onVoucher: ((c: CouponRow) => void) | undefined) {
  if (!onVoucher && !editing) return undefined;
  const editable = editableWith(editing);
  return (c: CouponRow) => (
    <>
      {onVoucher && (
        <Tooltip title="Buono PDF">
          <IconButton aria-label={`Buono PDF del coupon ${c.code}`} onClick={() => onVoucher(c)}>
            <PdfIcon />
          </IconButton>
        </Tooltip>
      )}
      {editing && editable(c) && (
        <Tooltip title="Elimina">
          <span>
            <IconButton
              aria-label={`Elimina il coupon ${c.code}`}
              color="error"
              disabled={editing.busy}
              onClick={() => editing.onDelete(c)}
            >
              <DeleteIcon />
            </IconButton>
          </span>
        </Tooltip>
      )}
    </>
  );
}

/**
 * The coupons of an installer (the coupon dialog): code, executed date, type, value, expiry, and
 * for the admin, while a coupon is not redeemed, its type and expiry editable, 'Rinnova 3 mesi' and delete.
 * Redeemed coupons are read-only: their type and expiry are history. On a phone the value rides under the type,
 * and the admin's fields stack in one column under the code: side by side they need twice a phone's width.
 */
export function CouponsTable({
  rows,
  loading,
  editing,
  onVoucher,
  footer,
}: {
  rows: readonly CouponRow[];
  loading: boolean;
  editing?: CouponEditing | undefined;
  /** Opens the coupon's PDF voucher. */
  onVoucher?: (c: CouponRow) => void;
  footer?: React.ReactNode;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <DataTable
      label="Elenco coupon"
      rows={rows}
      columns={editing && phone ? phoneEditingColumns(editing) : couponColumns(editing)}
      rowKey={(c) => c.uuid}
      rowLabel={(c) => c.code}
      rowActions={couponActions(editing, onVoucher)}
      loading={loading}
      emptyText="Nessun coupon"
      footer={footer}
    />
  );
}
