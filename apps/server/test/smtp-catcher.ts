import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

export type SmtpCatcher = {
  /** SMTP_URL for the portal: plain SMTP on this machine, no TLS. */
  url: string;
  /** How many messages were accepted (each written to the outbox before it is acknowledged). */
  received(): number;
  /** How many messages began to arrive, accepted or still being held (a sender has one in hand). */
  arriving(): number;
  stop(): Promise<void>;
};

/**
 * The one SMTP relay of several instances, as in production: every instance hands its mail to it, and it writes each
 * message as an .eml file in `outbox` (the same folder and file form the portal's own outbox uses, so the journeys'
 * and the tests' readers work unchanged). A message is on disk before the relay acknowledges it, so a sender that
 * was told "accepted" has its mail in the folder. `delayMs` holds each acknowledgement that long: a slow relay.
 */
export async function startSmtpCatcher(outbox: string, opts: { delayMs?: number } = {}): Promise<SmtpCatcher> {
  fs.mkdirSync(outbox, { recursive: true });
  let count = 0;
  let arriving = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      arriving += 1;
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const accept = () => {
          count += 1;
          // Sortable by arrival: time, then the catcher's own counter for mails of the same millisecond.
          const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${String(count).padStart(6, '0')}.eml`;
          fs.writeFileSync(path.join(outbox, name), Buffer.concat(chunks));
          callback();
        };
        if (opts.delayMs) setTimeout(accept, opts.delayMs);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    received: () => count,
    arriving: () => arriving,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
