import { useState, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { msg } from '@portal/shared/messages-it';
import { twoFactorCodeBody } from '@portal/shared/schemas/auth-forms';
import type { TwoFactorSetup } from '../api/public-auth.ts';
import { TwoFactorCodeInput } from './two-factor-code-input.tsx';
import { usePublicForm } from './use-public-form.ts';

type EnrolmentProps = {
  /** POST /auth/2fa/setup and /auth/2fa/enable, through the public screens' fetch or the areas' API client. */
  setup: () => Promise<TwoFactorSetup>;
  enable: (code: string) => Promise<string[]>;
  /** After the recovery codes were shown. */
  onDone: () => void;
  intro?: ReactNode;
};

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : msg.erroreInterno);

/**
 * Setting up the second factor: the QR code to scan (or the key to type) in an authenticator app, the first code
 * that proves it, then the ten recovery codes, shown once, to download.
 */
export function TwoFactorEnrolment({ setup, enable, onDone, intro }: EnrolmentProps) {
  const [secret, setSecret] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = usePublicForm(twoFactorCodeBody, { code: '' });

  const run = async (work: () => Promise<void>) => {
    setPending(true);
    setFailure(null);
    try {
      await work();
    } catch (error) {
      setFailure(reasonOf(error));
    }
    setPending(false);
  };
  const start = () => run(async () => setSecret(await setup()));
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    const body = form.check();
    if (!body || pending) return;
    void run(async () => setCodes(await enable(body.code)));
  };

  if (codes) return <RecoveryCodes codes={codes} onDone={onDone} />;
  return (
    <Box>
      {intro}
      {failure && (
        <Alert severity="warning" sx={{ my: 1 }}>
          {failure}
        </Alert>
      )}
      {!secret ? (
        <Button variant="contained" onClick={() => void start()} loading={pending} sx={{ mt: 1 }}>
          CONFIGURA LA VERIFICA IN DUE PASSAGGI
        </Button>
      ) : (
        <Box component="form" noValidate onSubmit={confirm}>
          <Typography variant="body2" sx={{ mb: 1 }}>
            1. Inquadra il codice QR con un’app di autenticazione (Google Authenticator, Microsoft Authenticator,
            FreeOTP…).
          </Typography>
          <Box
            component="img"
            src={secret.qr}
            alt="Codice QR da inquadrare con l’app di autenticazione"
            sx={{ width: 200, height: 200, display: 'block', imageRendering: 'pixelated' }}
          />
          <Typography variant="body2" sx={{ mt: 1 }}>
            Oppure inserisci nell’app questa chiave:
          </Typography>
          <Typography
            data-testid="two-factor-secret"
            sx={{ fontFamily: 'monospace', fontSize: '1.05rem', wordBreak: 'break-all', my: 0.5 }}
          >
            {secret.secret.replace(/(.{4})(?=.)/g, '$1 ')}
          </Typography>
          <Typography variant="body2" sx={{ mt: 2 }}>
            2. Scrivi il codice a 6 cifre che l’app mostra.
          </Typography>
          <TwoFactorCodeInput {...form.field('code')} id="two-factor-enrol-code" />
          <Button type="submit" variant="contained" loading={pending} sx={{ mt: 1 }}>
            ATTIVA
          </Button>
        </Box>
      )}
    </Box>
  );
}

/** The recovery codes, shown this once, with a download as a text file. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const download = () => {
    const text = [
      'Portale Posatori - codici di recupero della verifica in due passaggi',
      'Ogni codice vale una volta sola. Conservali in un posto sicuro.',
      '',
      ...codes,
      '',
    ].join('\n');
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'codici-recupero-portale-posatori.txt';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Box>
      <Alert severity="success" sx={{ mb: 1 }}>
        Verifica in due passaggi attivata.
      </Alert>
      <Typography variant="body2">
        Se perdi il telefono potrai accedere con uno di questi codici di recupero, ognuno una volta sola. Scaricali o
        scrivili e conservali in un posto sicuro: non saranno mostrati di nuovo.
      </Typography>
      <Box
        component="ul"
        aria-label="Codici di recupero"
        sx={{ fontFamily: 'monospace', columns: 2, listStyle: 'none', pl: 0, my: 2 }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={download}>
          SCARICA I CODICI
        </Button>
        <Button variant="contained" onClick={onDone}>
          HO SALVATO I CODICI
        </Button>
      </Box>
    </Box>
  );
}
