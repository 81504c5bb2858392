import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { MessageRow } from '@portal/shared/schemas/messages';
import type { Column } from '../../../components/data-table.tsx';
import { NameCaption, NameCell } from '../../../components/list-cells.tsx';
import { PersonAvatar } from '../../../components/person-avatar.tsx';
import { formatDate } from '../../../lib/formatters.ts';
import type { Folder } from '../api/get-messages.ts';

/**
 * The columns of a message folder: Entrata shows the unread mark, the sender and their photo; Uscita the
 * recipients. `base` is the area's /comunicazioni path the subject links under.
 */
export function messageColumns(folder: Folder, base: string): Column<MessageRow>[] {
  const subject = (row: MessageRow) => (
    <NameCell>
      <Link
        component={RouterLink}
        to={`${base}/msg/${row.uuid}`}
        underline="hover"
        sx={{ fontWeight: row.docunread ? 700 : 500 }}
      >
        {row.oggetto}
      </Link>
      {/* On a phone the other columns are gone: who and when sit under the subject. */}
      <NameCaption until="md">
        {[folder === 'recv' ? row.descri : row.dest, formatDate(row.data)].join(' · ')}
      </NameCaption>
    </NameCell>
  );
  const preview = (row: MessageRow) => (
    <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
      {row.messaggio}
    </Typography>
  );
  const common: Column<MessageRow>[] = [
    { key: 'oggetto', header: 'Oggetto', render: subject },
    { key: 'messaggio', header: 'Messaggio', hideBelow: 'lg', render: preview },
    { key: 'data', header: 'Data', width: 110, hideBelow: 'md', render: (row) => formatDate(row.data) },
  ];
  if (folder === 'sent') {
    return [{ key: 'dest', header: 'Destinari', width: 220, hideBelow: 'md', render: (row) => row.dest }, ...common];
  }
  return [
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
    ...common,
  ];
}
