import { useNavigate } from 'react-router';
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
import { QueryComboSelect } from '../../../components/combo-select.tsx';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { FilterBar } from '../../../components/filter-bar.tsx';
import { failedToLoad, LoadError } from '../../../components/load-error.tsx';
import { ListCount, ListHeading } from '../../../components/list-heading.tsx';
import { PageCorrection, Pager } from '../../../components/pager.tsx';
import { deleteAction, editAction, type RowAction, RowMenu } from '../../../components/row-menu.tsx';
import { TextFilter } from '../../../components/text-filter.tsx';
import { errorReason } from '../../../lib/api-error.ts';
import { toListQuery, useListSearchParams } from '../../../lib/list-search-params.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { useDeleteMessage } from '../api/delete-message.ts';
import { useMessages, useTipiLettura, type Folder } from '../api/get-messages.ts';
import { useSetRead } from '../api/set-read.ts';
import { messageColumns } from './message-columns.tsx';

const filterKeys = ['folder', 'foggetto', 'tiporead'] as const;

/** The folders' Italian names, as the tabs and headings show them. */
const folderNames: Record<Folder, string> = { recv: 'Entrata', sent: 'Uscita' };

/** The row menu: read state in Entrata; Modifica and Elimina ('Confermi ...?') in Uscita. */
function useMessageRowActions(folder: Folder, base: string) {
  const navigate = useNavigate();
  const setRead = useSetRead();
  const remove = useDeleteMessage();
  const { confirm, dialog } = useConfirm();

  const deleteRow = async (row: MessageRow) => {
    if (!(await confirm(msg.confermaEliminaMessaggio(row.oggetto)))) return;
    remove.mutate(row.uuid, {
      onSuccess: () => showToast('Comunicazione eliminata', 'success'),
      onError: (error) => showToast(errorReason(error, msg.erroreSalvataggio), 'error'),
    });
  };
  const readAction = (row: MessageRow): RowAction =>
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
        };
  const actionsOf = (row: MessageRow): RowAction[] =>
    folder === 'recv'
      ? [readAction(row)]
      : [editAction(() => navigate(`${base}/modmsg/${row.uuid}`)), deleteAction(() => void deleteRow(row))];
  return { actionsOf, dialog };
}

type FilterList = ReturnType<typeof useListSearchParams<(typeof filterKeys)[number]>>;

/** 'Filtra comunicazioni': Oggetto, and Tipo (read, unread; in Uscita by recipient). */
function MessagesFilters({ list, folder }: { list: FilterList; folder: Folder }) {
  const tipi = useTipiLettura(folder);
  const activeCount = (list.values.foggetto ? 1 : 0) + (list.values.tiporead ? 1 : 0);
  return (
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
      <QueryComboSelect
        id="filter-tiporead"
        label="Tipo"
        size="small"
        query={tipi}
        value={list.values.tiporead}
        onChange={(tiporead) => list.setFilters({ tiporead })}
      />
    </FilterBar>
  );
}

/** The folder tabs, Uscita first, for those who write; a new folder starts with no Tipo filter. */
function FolderTabs({ list, folder }: { list: FilterList; folder: Folder }) {
  return (
    <Tabs
      value={folder}
      onChange={(_event, next: Folder) => list.setFilters({ folder: next, tiporead: '' })}
      aria-label="Cartelle"
      sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      <Tab value="sent" label="Uscita" />
      <Tab value="recv" label="Entrata" />
    </Tabs>
  );
}

/**
 * /{role}/comunicazioni: the folders Entrata and Uscita (Uscita first for those who write; the installer has the
 * inbox only), 'Filtra comunicazioni' with Oggetto and Tipo, a paged table and its row menus. Folder, filters and
 * page live in the URL.
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
  const base = `/${area}/comunicazioni`;
  const { actionsOf, dialog } = useMessageRowActions(folder, base);
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

  return (
    <>
      <ListHeading title="Comunicazioni" actions={actions} />
      {writes && <FolderTabs list={list} folder={folder} />}
      <MessagesFilters list={list} folder={folder} />
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
          columns={messageColumns(folder, base)}
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
