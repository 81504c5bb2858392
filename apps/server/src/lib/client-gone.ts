import { AsyncLocalStorage } from 'node:async_hooks';
import type { ServerResponse } from 'node:http';

/**
 * The request a piece of work is done for, and whether its client is still there. The heavy reads queue on one
 * thread or connection (db/read-lane.ts); a read whose client has closed the connection while it waited (a page
 * left, a statistics screen reloaded three times) is dropped at its turn instead of holding the ones after it for
 * as long as it would have run. Node 24 has no signal of its own on a request (`IncomingMessage.signal` came in 26).
 *
 * The signal is made at the first `requestSignal()` of a request: most requests never wait for the lane or the PDF
 * thread, and cost nothing more than the response being remembered.
 */
interface RequestWatch {
  readonly response: ServerResponse;
  signal?: AbortSignal;
  /** Gives up the request's list turn, when its route takes turns (plugins/list-turns.ts). */
  leaveTurn?: () => void;
}

const current = new AsyncLocalStorage<RequestWatch>();

/** The reason a request's signal is aborted: its client closed the connection before the answer was sent. */
export class ClientGone extends Error {
  constructor() {
    super('Il client ha chiuso la richiesta prima della risposta');
    this.name = 'AbortError';
  }
}

/** Runs `work` (the rest of the request) as the work of the request answered by `response`. */
export const withRequestResponse = (response: ServerResponse, work: () => void): void =>
  current.run({ response }, work);

/**
 * The signal of the request this code runs for, aborted when its client closes the connection before the answer is
 * complete (the response's `close` also comes after a complete answer, which aborts nothing); undefined outside a
 * request (a timer, the mail queue, a CLI).
 */
export function requestSignal(): AbortSignal | undefined {
  const watch = current.getStore();
  if (!watch) return undefined;
  if (watch.signal) return watch.signal;
  const { response } = watch;
  if (response.closed) {
    watch.signal = response.writableFinished ? new AbortController().signal : AbortSignal.abort(new ClientGone());
    return watch.signal;
  }
  const controller = new AbortController();
  response.once('close', () => {
    if (!response.writableFinished) controller.abort(new ClientGone());
  });
  watch.signal = controller.signal;
  return watch.signal;
}

/** Tells the request this code runs for how to give up its list turn (plugins/list-turns.ts). */
export function holdTurn(leave: () => void): void {
  const watch = current.getStore();
  if (watch) watch.leaveTurn = leave;
}

/**
 * Gives up the list turn of the request this code runs for, for the rest of the request: its read goes to the read
 * lane (db/read-lane.ts) or waits for another request's (lib/list-counts.ts, `sharedRead`), and the lists behind it
 * go on meanwhile instead of waiting as long as the lane takes. What is left to do after such a read (a page's rows
 * by primary key, the answer's JSON) is small, and such reads are the rare ones: the results they compute are
 * cached. Waiting for a turn again after the read could deadlock: the turn's holder may be waiting for this very
 * read (sharedRead). Outside a list request, nothing.
 */
export function leaveTurn(): void {
  current.getStore()?.leaveTurn?.();
}
