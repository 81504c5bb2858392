import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { msg } from '@portal/shared/messages-it';
import { ApiError } from './api-error.ts';
import { showToast } from './toast-store.ts';

/*
 * One rule, so that a failed call is told once:
 * - by default the global toast tells it, with the reason the server gave;
 * - a call whose screen tells the failure in its own words (a form's 'Errore salvataggio' with the fields marked,
 *   a dialog's notice, 'Login errata') carries `meta: { silentError: true }`;
 * - a query whose screen shows LoadError in place of the data it could not load carries
 *   `meta: { errorInPlace: true }`: the toast stays quiet while the query has no data (LoadError is on screen) and
 *   speaks when older data stays on screen (a page change or a refresh that failed).
 */
type CallMeta = {
  /** The screen tells this call's failure itself, so no global toast. */
  silentError?: boolean;
  /** The screen shows this query's failure in place of its data (LoadError) while it has none. */
  errorInPlace?: boolean;
  /** Periodic housekeeping (session renewal): it does not turn the toolbar spinner on. */
  background?: boolean;
};

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: CallMeta;
    mutationMeta: CallMeta;
  }
}

function reportError(error: unknown, meta: CallMeta | undefined, hasData = false): void {
  if (meta?.silentError) return;
  if (meta?.errorInPlace && !hasData) return;
  // 401 already sends the user to the login page with its own message.
  if (error instanceof ApiError && error.status === 401) return;
  showToast(error instanceof ApiError ? error.reason : msg.erroreInterno);
}

function shouldRetry(failureCount: number, error: unknown): boolean {
  // Client errors (bad input, forbidden, expired session) do not get better by retrying.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => reportError(error, query.meta, query.state.data !== undefined),
  }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _result, mutation) => reportError(error, mutation.meta),
  }),
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
