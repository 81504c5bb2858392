import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFileOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import { formatSize } from '../lib/formatters.ts';
import { showToast } from '../lib/toast-store.ts';
import { FileInput } from './file-input.tsx';
import { visuallyHidden } from './visually-hidden.ts';

type FileDropProps = {
  file: File | null;
  onChange: (file: File | null) => void;
  /** The file picker's filter, e.g. '.pdf,application/pdf'. */
  accept: string;
  /** Checked before the file is taken (type, size): the reason to refuse it, or null. */
  problemOf: (file: File) => string | null;
  /** Names the drop zone for screen readers ('PDF del pagamento'). */
  label: string;
  disabled?: boolean;
  error?: string | undefined;
};

/**
 * The file drop zone: one file, dropped or chosen with a click; once chosen
 * it reads 'Documento selezionato' with the name, and the cross clears it.
 */
export function FileDrop({ file, onChange, accept, problemOf, label, disabled = false, error }: FileDropProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const take = (chosen: File | undefined) => {
    if (!chosen) return;
    const problem = problemOf(chosen);
    if (problem) showToast(problem, 'warning');
    else onChange(chosen);
  };

  return (
    <Box sx={{ position: 'relative' }}>
      {/* Named by what it shows, after the field's name: a name without the visible text would not be the one a
          voice user says (WCAG 2.5.3). */}
      <ButtonBase
        disabled={disabled}
        onClick={() => input.current?.click()}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => {
          event.preventDefault();
          setOver(false);
          if (!disabled) take(event.dataTransfer.files[0]);
        }}
        sx={{
          width: '100%',
          minHeight: 96,
          p: 2,
          pr: file && !disabled ? 7 : 2,
          gap: 1.5,
          display: 'flex',
          justifyContent: 'flex-start',
          textAlign: 'left',
          border: 2,
          borderStyle: 'dashed',
          borderRadius: 1,
          borderColor: error ? 'error.main' : over ? 'primary.main' : 'divider',
          bgcolor: over ? 'action.hover' : 'transparent',
        }}
      >
        {file ? (
          <InsertDriveFileIcon color="primary" fontSize="large" />
        ) : (
          <UploadFileIcon sx={{ color: 'text.secondary' }} fontSize="large" />
        )}
        <Box sx={{ minWidth: 0 }}>
          <Box component="span" sx={visuallyHidden}>
            {`${label}: `}
          </Box>
          <Typography sx={{ fontWeight: file ? 500 : 400 }}>
            {file ? 'Documento selezionato' : 'Trascina qui il tuo file oppure seleziona il documento'}
          </Typography>
          {file && (
            <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
              {file.name} · {formatSize(file.size)}
            </Typography>
          )}
        </Box>
      </ButtonBase>
      {file && !disabled && (
        <IconButton
          aria-label="Rimuovi documento"
          onClick={() => onChange(null)}
          sx={{ position: 'absolute', right: 8, top: 48, transform: 'translateY(-50%)' }}
        >
          <CloseIcon />
        </IconButton>
      )}
      {error && (
        <Typography variant="caption" sx={{ color: 'error.main', display: 'block', mt: 0.5, mx: 1.75 }}>
          {error}
        </Typography>
      )}
      <FileInput inputRef={input} accept={accept} onFile={take} />
    </Box>
  );
}
