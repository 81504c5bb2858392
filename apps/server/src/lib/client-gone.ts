import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The request a piece of work is done for, and whether its client is still there. The heavy reads queue on one
 * thread or connection (db/read-lane.ts); a read whose client has closed the connection while it waited (a page
 * left, a statistics screen reloaded three times) is dropped at its turn instead of holding the ones after it for
 * as long as it would have run. Node 24 has no signal of its own on a request (`IncomingMessage.signal` came in 26).
 */
const current = new AsyncLocalStorage<AbortSignal>();

/** The reason a request's signal is aborted: its client closed the connection before the answer was sent. */
export class ClientGone extends Error {
  constructor() {
    super('Il client ha chiuso la richiesta prima della risposta');
    this.name = 'AbortError';
  }
}

/** Runs `work` (the rest of the request) with `signal` as its request's signal. */
export const withRequestSignal = (signal: AbortSignal, work: () => void): void => current.run(signal, work);

/** The signal of the request this code runs for; undefined outside a request (a timer, the mail queue, a CLI). */
export const requestSignal = (): AbortSignal | undefined => current.getStore();
