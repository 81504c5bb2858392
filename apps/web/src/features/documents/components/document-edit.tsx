import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SaveIcon from '@mui/icons-material/SaveOutlined';
import { msg } from '@portal/shared/messages-it';
import type { Role } from '@portal/shared/roles';
import {
  DOCUMENT_TITLE_MAX,
  documentKindLabels,
  documentSaveBody,
  type DocumentRow,
} from '@portal/shared/schemas/documents';
import { BackToList } from '../../../components/back-to-list.tsx';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { formatSize } from '../../../lib/formatters.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { useFieldErrors } from '../../../lib/use-field-errors.ts';
import { useSaveDocument } from '../api/change-documents.ts';
import { useDocument, useDocumentGroups } from '../api/get-documents.ts';
import { DocumentIcon } from './document-icon.tsx';
import { VideoDialog } from '../../../components/video-dialog.tsx';
import { VideoThumbnail, videoSourceOf } from './video-thumbnail.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { submitHandler } from '../../../lib/submit-handler.ts';

/** /admin/moddoc/{id}: title, a checkbox per recipient group, Salva, and the file's preview. */
export function DocumentEdit({ id }: { id: string }) {
  const doc = useDocument(id);
  const back = <BackToList pathname="/admin/documenti" search="" />;
  if (doc.isPending) return <FullPageSpinner />;
  if (doc.data === undefined) {
    return (
      <>
        {back}
        <PageTitle title="Modifica documento" />
        <LoadError error={doc.error} />
      </>
    );
  }
  return (
    <>
      {back}
      <PageTitle title="Modifica documento" />
      <DocumentForm key={doc.data.uuid} doc={doc.data} />
    </>
  );
}

function DocumentForm({ doc }: { doc: DocumentRow }) {
  const groups = useDocumentGroups();
  const save = useSaveDocument();
  const [title, setTitle] = useState(doc.title);
  const [dests, setDests] = useState<Role[]>(doc.dests.filter((d) => d.state).map((d) => d.name));
  const [playing, setPlaying] = useState(false);
  const { errors, setErrors, refuse, saveFailed } = useFieldErrors<'title' | 'dests'>();

  const submit = () => {
    const parsed = documentSaveBody.safeParse({ title, dests });
    if (!parsed.success) return refuse(parsed.error.issues);
    setErrors({});
    save.mutate(
      { id: doc.uuid, body: parsed.data },
      {
        onSuccess: () => showToast(msg.datiSalvati, 'success'),
        onError: saveFailed,
      },
    );
  };

  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 5 }}>
        <Paper
          component="form"
          variant="outlined"
          noValidate
          onSubmit={submitHandler(submit)}
          sx={{ p: { xs: 2, md: 3 } }}
        >
          <Stack spacing={2.5}>
            <TextField
              id="title"
              label="Titolo"
              required
              value={title}
              onChange={(event) => setTitle(event.target.value)}
              error={!!errors.title}
              helperText={errors.title}
              slotProps={{ htmlInput: { maxLength: DOCUMENT_TITLE_MAX } }}
            />
            <FormControl error={!!errors.dests} component="fieldset">
              <FormLabel component="legend">Destinatari</FormLabel>
              <FormGroup>
                {(groups.data ?? []).map((g) => (
                  <FormControlLabel
                    key={g.value}
                    label={g.label}
                    control={
                      <Checkbox
                        checked={dests.includes(g.value as Role)}
                        onChange={(event) =>
                          setDests((current) =>
                            event.target.checked ? [...current, g.value as Role] : current.filter((d) => d !== g.value),
                          )
                        }
                      />
                    }
                  />
                ))}
              </FormGroup>
              {errors.dests && <FormHelperText>{errors.dests}</FormHelperText>}
            </FormControl>
            <Box>
              <Button type="submit" variant="contained" startIcon={<SaveIcon />} loading={save.isPending}>
                Salva
              </Button>
            </Box>
          </Stack>
        </Paper>
      </Grid>
      <Grid size={{ xs: 12, md: 7 }}>
        <Paper variant="outlined" component="section" aria-label="Anteprima" sx={{ p: 2, height: '100%' }}>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            {doc.url} · {documentKindLabels[doc.tipo]} · {formatSize(doc.size)}
          </Typography>
          {doc.tipo === 'pdf' ? (
            <Box
              component="iframe"
              src={doc.doc}
              title={`Anteprima di ${doc.title}`}
              sx={{ width: '100%', height: { xs: 360, md: 560 }, border: 0, bgcolor: 'action.hover' }}
            />
          ) : doc.tipo === 'video' ? (
            <Stack spacing={1.5} sx={{ alignItems: 'center', py: 2 }}>
              <Box sx={{ width: '100%', maxWidth: 480 }}>
                <VideoThumbnail doc={doc} />
              </Box>
              <Button variant="outlined" onClick={() => setPlaying(true)}>
                Guarda il video
              </Button>
              <VideoDialog video={playing ? videoSourceOf(doc) : null} onClose={() => setPlaying(false)} />
            </Stack>
          ) : (
            <Stack spacing={1} sx={{ alignItems: 'center', py: 6 }}>
              <DocumentIcon kind={doc.tipo} sx={{ fontSize: 96, color: 'primary.main' }} aria-hidden />
              <Link href={doc.doc} target="_blank" rel="noopener">
                Scarica {doc.url}
              </Link>
            </Stack>
          )}
        </Paper>
      </Grid>
    </Grid>
  );
}
