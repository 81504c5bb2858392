import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { msg } from '@portal/shared/messages-it';

type InPreparazioneDialogProps = { open: boolean; title: string; onClose: () => void };

/**
 * What a button of a feature that a later release builds opens: its name and 'In preparazione'. The button is
 * there so the screen has its final shape; it never pretends to have done something.
 */
export function InPreparazioneDialog({ open, title, onClose }: InPreparazioneDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="in-preparazione-title">
      <DialogTitle id="in-preparazione-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{msg.inPreparazione}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          Chiudi
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** `showInPreparazione('Esporta coupon')` opens the dialog; render `dialog` once in the screen. */
export function useInPreparazione(): { showInPreparazione: (title: string) => void; dialog: ReactNode } {
  const [open, setOpen] = useState(false);
  // The title stays while the dialog fades out.
  const [title, setTitle] = useState('');
  const showInPreparazione = (next: string) => {
    setTitle(next);
    setOpen(true);
  };
  return {
    showInPreparazione,
    dialog: <InPreparazioneDialog open={open} title={title} onClose={() => setOpen(false)} />,
  };
}
