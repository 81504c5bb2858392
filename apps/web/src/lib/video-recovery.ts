/**
 * What the video player does when the video element fails (the spec's error handling): a fatal network error
 * retries the load, a media (decoding) error tries to recover, any other error re-creates the player. Each kind is
 * tried a few times, waiting longer each time (a phone on a weak connection gets a moment to come back); then the
 * player gives up and offers 'Riprova'. Counts start again once the video plays.
 */
export type VideoFailure = 'network' | 'media' | 'other';
export type RecoveryAction = 'retry-load' | 'recover-media' | 'recreate' | 'give-up';

export const MAX_RECOVERIES = 3;
const FIRST_DELAY_MS = 500;

/** The kind of failure of a MediaError code (HTMLMediaElement.error.code). */
export function failureOf(code: number | undefined): VideoFailure {
  // MediaError.MEDIA_ERR_NETWORK: the download failed after the resource was found to be usable.
  if (code === 2) return 'network';
  // MediaError.MEDIA_ERR_DECODE: the bytes could not be decoded.
  if (code === 3) return 'media';
  // MEDIA_ERR_SRC_NOT_SUPPORTED (also a first load that never arrived), MEDIA_ERR_ABORTED, or no code.
  return 'other';
}

/** The next step after the `attempt`-th failure (0 for the first) of a kind, and how long to wait before it. */
export function recoveryFor(failure: VideoFailure, attempt: number): { action: RecoveryAction; delayMs: number } {
  if (attempt >= MAX_RECOVERIES) return { action: 'give-up', delayMs: 0 };
  const action = failure === 'network' ? 'retry-load' : failure === 'media' ? 'recover-media' : 'recreate';
  return { action, delayMs: FIRST_DELAY_MS * 2 ** attempt };
}

/** What the player says while it recovers. */
export const recoveryNotice: Record<Exclude<RecoveryAction, 'give-up'>, string> = {
  'retry-load': 'Connessione interrotta: nuovo tentativo di caricamento del video…',
  'recover-media': 'Errore nella riproduzione: ripristino del video in corso…',
  recreate: 'Il lettore video viene riavviato…',
};

export const VIDEO_FAILED = 'Impossibile riprodurre il video. Controlla la connessione e riprova.';

/** A time as a player shows it: 0:07, 12:30, 1:02:03. */
export function formatVideoTime(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
