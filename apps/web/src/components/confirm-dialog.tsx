import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import { LazyDialog } from './lazy-overlays.tsx';

type ConfirmDialogProps = {
  open: boolean;
  /** The question, as the spec writes it ('Confermi Cancellazione?'). */
  message: string;
  onAnswer: (yes: boolean) => void;
};

/** The spec's yes/no question: 'No' is the safe default, 'Sì' goes ahead. */
export function ConfirmDialog({ open, message, onAnswer }: ConfirmDialogProps) {
  return (
    <LazyDialog
      open={open}
      onClose={() => onAnswer(false)}
      aria-describedby="confirm-dialog-message"
      maxWidth="xs"
      fullWidth
    >
      <DialogContent>
        <DialogContentText id="confirm-dialog-message" sx={{ color: 'text.primary' }}>
          {message}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onAnswer(false)} autoFocus>
          No
        </Button>
        <Button onClick={() => onAnswer(true)} variant="contained">
          Sì
        </Button>
      </DialogActions>
    </LazyDialog>
  );
}

type Pending = { message: string; resolve: (yes: boolean) => void };

/**
 * Asks a question and resolves with the answer, so an action reads top to bottom:
 * `if (await confirm(msg.confermaCancellazione)) remove()`. Render `dialog` once in the screen.
 */
export function useConfirm(): { confirm: (message: string) => Promise<boolean>; dialog: ReactNode } {
  const [pending, setPending] = useState<Pending | null>(null);
  // The last question stays as the dialog's text while it fades out.
  const [lastMessage, setLastMessage] = useState('');
  const confirm = (message: string) =>
    new Promise<boolean>((resolve) => {
      setLastMessage(message);
      setPending({ message, resolve });
    });
  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      message={pending?.message ?? lastMessage}
      onAnswer={(yes) => {
        pending?.resolve(yes);
        setPending(null);
      }}
    />
  );
  return { confirm, dialog };
}
