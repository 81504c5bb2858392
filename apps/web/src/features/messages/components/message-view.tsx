import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/EditOutlined';
import type { Role } from '@portal/shared/roles';
import { BackToList } from '../../../components/back-to-list.tsx';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { formatDate } from '../../../lib/formatters.ts';
import { useMessage } from '../api/get-message.ts';
import { useSetRead } from '../api/set-read.ts';
import { LoadError } from '../../../components/load-error.tsx';

/**
 * {path}/msg/{uuid}: 'Messaggio da {sender} del {date}', then the subject and the body. Opening a
 * received message marks it read, which refreshes the folder and the bell.
 */
export function MessageView({ area, id }: { area: Role; id: string }) {
  const navigate = useNavigate();
  const message = useMessage(id);
  const { mutate: markRead } = useSetRead();
  const received = message.data !== undefined && !message.data.editable;
  useEffect(() => {
    if (received) markRead({ id, read: true });
  }, [received, id, markRead]);
  const back = <BackToList pathname={`/${area}/comunicazioni`} search={received ? '?folder=recv' : ''} />;

  if (message.isPending) return <FullPageSpinner />;
  if (message.data === undefined) {
    return (
      <>
        {back}
        <PageTitle title="Messaggio" />
        <LoadError error={message.error} />
      </>
    );
  }
  const m = message.data;
  return (
    <>
      {back}
      <PageTitle title={`Messaggio da ${m.mittente} del ${formatDate(m.data)}`} />
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, maxWidth: 900 }}>
        <Typography component="h2" variant="h6" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          {m.title}
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{m.content}</Typography>
        {m.editable && (
          <Box sx={{ mt: 3 }}>
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
              Destinatari: {m.dests.map((d) => d.label).join(', ')}
            </Typography>
            <Button
              variant="outlined"
              startIcon={<EditIcon />}
              onClick={() => navigate(`/${area}/comunicazioni/modmsg/${m.uuid}`)}
            >
              Modifica
            </Button>
          </Box>
        )}
      </Paper>
    </>
  );
}
