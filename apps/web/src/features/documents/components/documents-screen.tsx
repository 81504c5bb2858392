import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import { msg } from '@portal/shared/messages-it';
import type { Role } from '@portal/shared/roles';
import {
  DOCUMENT_EXTENSIONS,
  documentKindLabels,
  documentKinds,
  documentsQuery,
  VIDEO_EXTENSIONS,
  type DocumentRow,
} from '@portal/shared/schemas/documents';
import type { BarAction } from '../../../components/action-bar.tsx';
import { ComboSelect } from '../../../components/combo-select.tsx';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { FilterBar } from '../../../components/filter-bar.tsx';
import { ListCount, ListHeading } from '../../../components/list-heading.tsx';
import { visuallyHidden } from '../../../components/visually-hidden.ts';
import { PageCorrection, Pager } from '../../../components/pager.tsx';
import { deleteAction, editAction, type RowAction, RowMenu } from '../../../components/row-menu.tsx';
import { errorReason } from '../../../lib/api-error.ts';
import { VideoDialog } from '../../../components/video-dialog.tsx';
import type { UploadProgress } from '../../../lib/api-client.ts';
import { formatDate, formatSize } from '../../../lib/formatters.ts';
import { toListQuery, useListSearchParams } from '../../../lib/list-search-params.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { useDeleteDocument, useUploadDocument } from '../api/change-documents.ts';
import { useDocuments } from '../api/get-documents.ts';
import { DocumentIcon } from './document-icon.tsx';
import { LatestVideos } from './latest-videos.tsx';
import { VideoThumbnail, videoSourceOf } from './video-thumbnail.tsx';
import { failedToLoad, LoadError } from '../../../components/load-error.tsx';

const filterKeys = ['ftipo'] as const;
const kindOptions = documentKinds.map((value) => ({ value, label: documentKindLabels[value] }));
const accept = [...DOCUMENT_EXTENSIONS, ...VIDEO_EXTENSIONS].map((ext) => `.${ext}`).join(',');

/**
 * A document's thumbnail: a click downloads it, or plays it for a video (its poster frame as the thumbnail); its
 * menu holds the same and, for the admin, edit and delete.
 */
function DocumentCard({ doc, actions, onPlay }: { doc: DocumentRow; actions: RowAction[]; onPlay: () => void }) {
  const video = doc.tipo === 'video';
  return (
    <Card component="li" variant="outlined" sx={{ position: 'relative' }}>
      {/* Named by what the card shows, 'Scarica' (or 'Guarda il video') first for screen readers: a name that left
          out the visible text would not be the one a voice user says (WCAG 2.5.3). */}
      <CardActionArea
        onClick={() => (video ? onPlay() : openDocument(doc))}
        sx={{ p: 2, display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 1 }}
      >
        {video ? (
          <VideoThumbnail doc={doc} />
        ) : (
          <DocumentIcon kind={doc.tipo} sx={{ fontSize: 48, color: 'primary.main' }} aria-hidden />
        )}
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere', pr: 3 }}>
          <Box component="span" sx={visuallyHidden}>
            {video ? 'Guarda il video' : 'Scarica'}{' '}
          </Box>
          {doc.title}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {documentKindLabels[doc.tipo]} · {formatSize(doc.size)} · {formatDate(doc.data)}
        </Typography>
      </CardActionArea>
      <Box sx={{ position: 'absolute', top: 4, right: 4 }}>
        <RowMenu label={`Azioni per ${doc.title}`} actions={actions} />
      </Box>
    </Card>
  );
}

const openDocument = (doc: DocumentRow) => window.open(doc.doc, '_blank', 'noopener');

/**
 * What the admin does to the documents: upload one (a hidden file input the bar's button opens; the edit form follows)
 * and delete one after confirming. Others only download.
 */
function useDocumentCommands(admin: boolean) {
  const navigate = useNavigate();
  const upload = useUploadDocument();
  const remove = useDeleteDocument();
  const { confirm, dialog } = useConfirm();
  const picker = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<(UploadProgress & { name: string }) | null>(null);

  const uploadFile = (file: File | undefined) => {
    if (!file) return;
    setProgress({ name: file.name, loaded: 0, total: file.size });
    upload.mutate(
      { file, onProgress: (p) => setProgress({ name: file.name, ...p }) },
      {
        onSuccess: ({ uuid }) => {
          showToast('Documento caricato: scegli titolo e destinatari', 'success');
          navigate(`/admin/moddoc/${uuid}`);
        },
        onError: (error) => showToast(errorReason(error, msg.erroreSalvataggio)),
        onSettled: () => setProgress(null),
      },
    );
  };

  const deleteDocument = async (doc: DocumentRow) => {
    if (!(await confirm(msg.confermaEliminaDocumento(doc.title)))) return;
    remove.mutate(doc.uuid, {
      onSuccess: () => showToast('Documento eliminato', 'success'),
      onError: (error) => showToast(errorReason(error, msg.erroreSalvataggio)),
    });
  };

  const actionsOf = (doc: DocumentRow): RowAction[] => [
    { label: 'Scarica', icon: <DownloadIcon fontSize="small" />, onClick: () => openDocument(doc) },
    ...(admin
      ? [editAction(() => navigate(`/admin/moddoc/${doc.uuid}`)), deleteAction(() => void deleteDocument(doc))]
      : []),
  ];

  const barActions: BarAction[] = admin
    ? [
        {
          label: upload.isPending ? 'Caricamento…' : 'Carica documento',
          icon: <UploadFileIcon />,
          primary: true,
          onClick: () => picker.current?.click(),
        },
      ]
    : [];

  const filePicker = admin && (
    <input
      ref={picker}
      type="file"
      accept={accept}
      hidden
      aria-label="File del documento"
      onChange={(event) => {
        uploadFile(event.target.files?.[0]);
        event.target.value = '';
      }}
    />
  );

  const percent = progress && progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0;
  const uploading = progress && (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Typography variant="body2" role="status" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
        {percent < 100 ? `Caricamento di ${progress.name}: ${percent}%` : `Elaborazione di ${progress.name}…`}
      </Typography>
      <LinearProgress variant="determinate" value={percent} aria-label={`Caricamento di ${progress.name}`} />
    </Paper>
  );

  return { actionsOf, barActions, filePicker, dialog, uploading };
}

/**
 * /{role}/documenti: the documents of the user's group as thumbnails (every document for the
 * admin), the type filter (ftipo) and the pager; the thumbnail menu Scarica, and for the admin Modifica and Elimina
 * ('Confermi di eliminare il documento:{title}?'). 'Carica documento' uploads a file and opens its edit form.
 */
export function DocumentsScreen({ area }: { area: Role }) {
  const admin = area === 'admin';
  const list = useListSearchParams(filterKeys);
  const documents = useDocuments(
    admin ? '/api/docs/admdocs' : '/api/docs/docs',
    toListQuery(documentsQuery, list.values, list.page),
    { errorInPlace: true },
  );
  const { actionsOf, barActions, filePicker, dialog, uploading } = useDocumentCommands(admin);
  const [playing, setPlaying] = useState<DocumentRow | null>(null);
  const data = documents.data;

  return (
    <>
      <ListHeading title="Documenti" actions={barActions} />
      {filePicker}
      {uploading}
      {list.values.ftipo !== 'video' && <LatestVideos source={admin ? '/api/docs/admdocs' : '/api/docs/docs'} />}
      <FilterBar
        title="Filtra documenti"
        activeCount={list.values.ftipo ? 1 : 0}
        onClear={() => list.clearFilters(filterKeys)}
      >
        <ComboSelect
          id="filter-ftipo"
          label="Tipo"
          size="small"
          options={kindOptions}
          value={list.values.ftipo}
          onChange={(ftipo) => list.setFilters({ ftipo })}
        />
      </FilterBar>
      <ListCount count={data?.reccount} noun={['documento', 'documenti']} failed={documents.isError} />
      {data && !documents.isPlaceholderData && <PageCorrection page={list.page} pages={data.pages} />}
      {failedToLoad(documents) ? (
        <LoadError error={documents.error} />
      ) : (
        <>
          <Box
            component="ul"
            aria-label="Elenco documenti"
            sx={{
              display: 'grid',
              gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
              gap: 2,
              m: 0,
              p: 0,
              listStyle: 'none',
              opacity: documents.isFetching ? 0.6 : 1,
            }}
          >
            {data?.data.map((doc) => (
              <DocumentCard key={doc.uuid} doc={doc} actions={actionsOf(doc)} onPlay={() => setPlaying(doc)} />
            ))}
          </Box>
          {data?.reccount === 0 && (
            <Typography sx={{ color: 'text.secondary', mt: 2 }}>Nessun documento disponibile</Typography>
          )}
          {data && (
            <Box sx={{ mt: 2 }}>
              <Pager page={data.page} pages={data.pages} onChange={list.setPage} label="Pagine dei documenti" />
            </Box>
          )}
        </>
      )}
      {dialog}
      <VideoDialog video={playing && videoSourceOf(playing)} onClose={() => setPlaying(null)} />
    </>
  );
}
