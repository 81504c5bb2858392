import { Link as RouterLink, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DraftsIcon from '@mui/icons-material/DraftsOutlined';
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import { msg } from '@portal/shared/messages-it';
import type { Role } from '@portal/shared/roles';
import { messagesQuery, type MessageRow } from '@portal/shared/schemas/messages';
import type { BarAction } from '../../../components/action-bar.tsx';
import { ComboSelect } from '../../../components/combo-select.tsx';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { FilterBar } from '../../../components/filter-bar.tsx';
import { ListCount, ListHeading } from '../../../components/list-heading.tsx';
import { PageCorrection, Pager } from '../../../components/pager.tsx';
import { PersonAvatar } from '../../../components/person-avatar.tsx';
import { deleteAction, editAction, type RowAction, RowMenu } from '../../../components/row-menu.tsx';
import { TextFilter } from '../../../components/text-filter.tsx';
import { errorReason } from '../../../lib/api-error.ts';
import { formatDate } from '../../../lib/formatters.ts';
import { toListQuery, useListSearchParams } from '../../../lib/list-search-params.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { useDeleteMessage } from '../api/delete-message.ts';
import { useMessages, useTipiLettura, type Folder } from '../api/get-messages.ts';
import { useSetRead } from '../api/set-read.ts';
import { failedToLoad, LoadError } from '../../../components/load-error.tsx';

const filterKeys = ['folder', 'foggetto', 'tiporead'] as const;

/** Folder names of spec section 9. */
const folderNames: Record<Folder, string> = { recv: 'Entrata', sent: 'Uscita' };

/**
 * /{role}/comunicazioni (spec section 2): the folders Entrata and Uscita (Uscita first for those who write; the
 * installer has the inbox only), 'Filtra comunicazioni' with Oggetto and Tipo, a paged table and its row menus.
 * Folder, filters and page live in the URL.
 */
export function MessagesScreen({ area }: { area: Role }) {
  const writes = area !== 'posatore';
  const navigate = useNavigate();
  const list = useListSearchParams(filterKeys);
  const folder: Folder = writes ? (list.values.folder === 'recv' ? 'recv' : 'sent') : 'recv';
  const query = toListQuery(
    messagesQuery,
    { foggetto: list.values.foggetto, tiporead: list.values.tiporead },
    list.page,
  );
  const messages = useMessages(folder, query, { errorInPlace: true });
  const tipi = useTipiLettura(folder);
  const setRead = useSetRead();
  const remove = useDeleteMessage();
  const { confirm, dialog } = useConfirm();
  const base = `/${area}/comunicazioni`;
  const data = messages.data;

  const actions: BarAction[] = writes
    ? [
        {
          label: 'Nuova comunicazione',
          icon: <AddIcon />,
          primary: true,
          onClick: () => navigate(`${base}/modmsg/nuovo`),
        },
      ]
    : [];

  const deleteRow = async (row: MessageRow) => {
    if (!(await confirm(msg.confermaEliminaMessaggio(row.oggetto)))) return;
    remove.mutate(row.uuid, {
      onSuccess: () => showToast('Comunicazione eliminata', 'success'),
      onError: (error) => showToast(errorReason(error, msg.erroreSalvataggio), 'error'),
    });
  };

  const actionsOf = (row: MessageRow): RowAction[] =>
    folder === 'recv'
      ? [
          row.docunread
            ? {
                label: 'Segna come letto',
                icon: <DraftsIcon fontSize="small" />,
                onClick: () => setRead.mutate({ id: row.uuid, read: true }),
              }
            : {
                label: 'Segna come non letto',
                icon: <MarkEmailUnreadIcon fontSize="small" />,
                onClick: () => setRead.mutate({ id: row.uuid, read: false }),
              },
        ]
      : [editAction(() => navigate(`${base}/modmsg/${row.uuid}`)), deleteAction(() => void deleteRow(row))];

  const subject = (row: MessageRow) => (
    <Stack spacing={0.25} sx={{ minWidth: 0 }}>
      <Link
        component={RouterLink}
        to={`${base}/msg/${row.uuid}`}
        underline="hover"
        sx={{ fontWeight: row.docunread ? 700 : 500 }}
      >
        {row.oggetto}
      </Link>
      {/* On a phone the other columns are gone: who and when sit under the subject. */}
      <Typography variant="caption" sx={{ color: 'text.secondary', display: { md: 'none' } }}>
        {[folder === 'recv' ? row.descri : row.dest, formatDate(row.data)].join(' · ')}
      </Typography>
    </Stack>
  );
  const preview = (row: MessageRow) => (
    <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
      {row.messaggio}
    </Typography>
  );
  const date = {
    key: 'data',
    header: 'Data',
    width: 110,
    hideBelow: 'md' as const,
    render: (r: MessageRow) => formatDate(r.data),
  };
  const columns: Column<MessageRow>[] =
    folder === 'recv'
      ? [
          {
            key: 'unread',
            header: 'Da leggere',
            hideHeader: true,
            width: 28,
            render: (row) =>
              row.docunread ? (
                <Box
                  role="img"
                  aria-label="Da leggere"
                  sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: 'secondary.main' }}
                />
              ) : null,
          },
          {
            key: 'img',
            header: 'Foto del mittente',
            hideHeader: true,
            width: 52,
            hideBelow: 'sm',
            render: (row) => <PersonAvatar src={row.img} name={row.descri} size={32} />,
          },
          { key: 'descri', header: 'Mittente', width: 180, hideBelow: 'md', render: (row) => row.descri },
          { key: 'oggetto', header: 'Oggetto', render: subject },
          { key: 'messaggio', header: 'Messaggio', hideBelow: 'lg', render: preview },
          date,
        ]
      : [
          { key: 'dest', header: 'Destinari', width: 220, hideBelow: 'md', render: (row) => row.dest },
          { key: 'oggetto', header: 'Oggetto', render: subject },
          { key: 'messaggio', header: 'Messaggio', hideBelow: 'lg', render: preview },
          date,
        ];

  const activeCount = (list.values.foggetto ? 1 : 0) + (list.values.tiporead ? 1 : 0);
  return (
    <>
      <ListHeading title="Comunicazioni" actions={actions} />
      {writes && (
        <Tabs
          value={folder}
          onChange={(_event, next: Folder) => list.setFilters({ folder: next, tiporead: '' })}
          aria-label="Cartelle"
          sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab value="sent" label="Uscita" />
          <Tab value="recv" label="Entrata" />
        </Tabs>
      )}
      <FilterBar
        title="Filtra comunicazioni"
        activeCount={activeCount}
        onClear={() => list.setFilters({ foggetto: '', tiporead: '' })}
      >
        <TextFilter
          id="filter-oggetto"
          label="Oggetto"
          maxLength={200}
          value={list.values.foggetto}
          onChange={(foggetto) => list.setFilters({ foggetto })}
        />
        <ComboSelect
          id="filter-tiporead"
          label="Tipo"
          size="small"
          options={tipi.data ?? []}
          loading={tipi.isPending}
          value={list.values.tiporead}
          onChange={(tiporead) => list.setFilters({ tiporead })}
        />
      </FilterBar>
      <ListCount count={data?.reccount} noun={['messaggio', 'messaggi']} failed={messages.isError}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, order: -1 }}>
          {folderNames[folder]}
        </Typography>
      </ListCount>
      {data && !messages.isPlaceholderData && <PageCorrection page={list.page} pages={data.pages} />}
      {failedToLoad(messages) ? (
        <LoadError error={messages.error} />
      ) : (
        <DataTable
          label={`Comunicazioni in ${folderNames[folder]}`}
          rows={data?.data ?? []}
          columns={columns}
          rowKey={(row) => row.uuid}
          rowLabel={(row) => row.oggetto}
          rowActions={(row) => <RowMenu label={`Azioni per ${row.oggetto}`} actions={actionsOf(row)} />}
          loading={messages.isFetching}
          emptyText={folder === 'recv' ? 'Nessuna comunicazione ricevuta' : 'Nessuna comunicazione inviata'}
          footer={
            data && (
              <Pager page={data.page} pages={data.pages} onChange={list.setPage} label="Pagine delle comunicazioni" />
            )
          }
        />
      )}
      {dialog}
    </>
  );
}
