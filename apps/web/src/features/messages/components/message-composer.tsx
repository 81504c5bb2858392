import { useState, type KeyboardEvent, type SyntheticEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import SendIcon from '@mui/icons-material/SendOutlined';
import { landingRole, type Role } from '@portal/shared/roles';
import {
  MESSAGE_BODY_MAX,
  MESSAGE_SUBJECT_MAX,
  messageSaveBody,
  type DestOption,
  type MessageDetail,
} from '@portal/shared/schemas/messages';
import { BackToList } from '../../../components/back-to-list.tsx';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { showToast } from '../../../lib/toast-store.ts';
import { useFieldErrors } from '../../../lib/use-field-errors.ts';
import { useRoles } from '../../auth/api/get-session.ts';
import { useDests } from '../api/get-dests.ts';
import { useMessage } from '../api/get-message.ts';
import { useSaveMessage } from '../api/save-message.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { submitHandler } from '../../../lib/submit-handler.ts';
import { formatCount } from '../../../lib/formatters.ts';

/** What a list's 'Invia comunicazione' hands the composer: its current filter as a recipient. */
export type ComposerState = { dests?: DestOption[] };

const presetOf = (state: unknown): DestOption[] => {
  const dests = (state as ComposerState | null)?.dests;
  return Array.isArray(dests) ? dests : [];
};

/**
 * {path}/modmsg/nuovo and /admin/newcomm compose, {path}/modmsg/{uuid} edits a sent message:
 * Destinatari (a typeahead adding chips), Oggetto, the body and 'Invia'. The shared schema checks it as the server
 * does; after sending, the user's communications open.
 */
export function MessageComposer({ area, id }: { area: Role; id: string }) {
  const message = useMessage(id);
  const location = useLocation();
  const back = <BackToList pathname={`/${area}/comunicazioni`} search="" />;
  const title = id === 'nuovo' ? 'Nuova comunicazione' : 'Modifica comunicazione';
  if (message.isPending) return <FullPageSpinner />;
  if (message.data === undefined) {
    return (
      <>
        {back}
        <PageTitle title={title} />
        <LoadError error={message.error} />
      </>
    );
  }
  return (
    <>
      {back}
      <PageTitle title={title} />
      <ComposerForm key={message.data.uuid} area={area} message={message.data} preset={presetOf(location.state)} />
    </>
  );
}

/** Whether a change came from the option list (a click on an option, Enter on the highlighted one), not a chip. */
const pickedFromList = (event: SyntheticEvent) =>
  event.type === 'keydown'
    ? (event as KeyboardEvent<HTMLElement>).key === 'Enter'
    : event.target instanceof Element && event.target.closest('[role="option"]') !== null;

/**
 * The recipients: people and groups searched on the server within the writer's reach as they type (from 2 letters),
 * each chosen once.
 */
function DestsField({
  value,
  onChange,
  error,
}: {
  value: DestOption[];
  onChange: (next: DestOption[]) => void;
  error: string | undefined;
}) {
  const [typed, setTyped] = useState('');
  const options = useDests(typed.trim());
  return (
    <Autocomplete
      multiple
      id="dests"
      options={options.data ?? []}
      value={value}
      onChange={(event, next, reason, details) => {
        // The same recipient twice is one recipient. The list offers the chosen ones too, and
        // picking one of them again (by click or Enter) would take its chip away: it stays, with a word why.
        // Chips still go by their delete icon and by Backspace.
        if (reason === 'removeOption' && pickedFromList(event)) {
          if (details?.option) showToast(`${details.option.label} è già tra i destinatari`, 'info');
          return;
        }
        onChange(next.filter((d, i) => next.findIndex((o) => o.id === d.id) === i));
      }}
      inputValue={typed}
      onInputChange={(_event, value) => setTyped(value)}
      isOptionEqualToValue={(option, value) => option.id === value.id}
      getOptionLabel={(option) => option.label}
      // The server already filters by what was typed, within the writer's reach.
      filterOptions={(all) => all}
      loading={options.isFetching}
      loadingText="Caricamento…"
      noOptionsText={typed.trim().length < 2 ? 'Scrivi almeno 2 lettere del nome' : 'Nessun destinatario trovato'}
      renderValue={(value, getItemProps) =>
        value.map((option, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} label={option.label} size="small" {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label="Destinatari"
          required
          error={!!error}
          helperText={error ?? 'Persone o gruppi: scrivi per cercare'}
        />
      )}
    />
  );
}

function ComposerForm({ area, message, preset }: { area: Role; message: MessageDetail; preset: DestOption[] }) {
  const navigate = useNavigate();
  const roles = useRoles() ?? [];
  const save = useSaveMessage();
  const [dests, setDests] = useState<DestOption[]>(message.uuid === 'nuovo' ? preset : message.dests);
  const [oggetto, setOggetto] = useState(message.title);
  const [content, setContent] = useState(message.content);
  const { errors, setErrors, refuse, saveFailed } = useFieldErrors<'oggetto' | 'content' | 'dests'>();

  const submit = () => {
    const parsed = messageSaveBody.safeParse({ oggetto, content, dests: dests.map((d) => d.id) });
    if (!parsed.success) return refuse(parsed.error.issues);
    setErrors({});
    save.mutate(
      { id: message.uuid, body: parsed.data },
      {
        onSuccess: (saved) => {
          showToast(
            message.uuid === 'nuovo'
              ? `Comunicazione inviata a ${saved.recipients} ${saved.recipients === 1 ? 'destinatario' : 'destinatari'}`
              : 'Comunicazione modificata',
            'success',
          );
          // After sending, the communications of the user's first role.
          navigate(`/${landingRole(roles) ?? area}/comunicazioni`);
        },
        onError: saveFailed,
      },
    );
  };

  return (
    <Paper
      component="form"
      variant="outlined"
      noValidate
      onSubmit={submitHandler(submit)}
      sx={{ p: { xs: 2, md: 3 }, maxWidth: 900 }}
    >
      <Stack spacing={2.5}>
        <DestsField
          value={dests}
          onChange={(next) => {
            setDests(next);
            setErrors((e) => ({ ...e, dests: undefined }));
          }}
          error={errors.dests}
        />
        <TextField
          id="oggetto"
          label="Oggetto"
          placeholder="Oggetto"
          required
          value={oggetto}
          onChange={(event) => {
            setOggetto(event.target.value);
            setErrors((e) => ({ ...e, oggetto: undefined }));
          }}
          error={!!errors.oggetto}
          helperText={errors.oggetto}
          slotProps={{ htmlInput: { maxLength: MESSAGE_SUBJECT_MAX } }}
        />
        <TextField
          id="content"
          label="Messaggio"
          multiline
          minRows={8}
          value={content}
          onChange={(event) => setContent(event.target.value)}
          error={!!errors.content}
          helperText={errors.content ?? `${formatCount(content.length)} / ${formatCount(MESSAGE_BODY_MAX)}`}
          slotProps={{ htmlInput: { maxLength: MESSAGE_BODY_MAX } }}
        />
        <Box>
          <Button type="submit" variant="contained" startIcon={<SendIcon />} loading={save.isPending}>
            Invia
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
